// An independent reader of rescuekit recordings: Foxglove's TypeScript MCAP
// library (@mcap/core, with fzstd for zstd chunks) reads each file given on
// the command line to its end and prints, as one JSON line per file, its
// channels with their schema names and message counts. A file cut short
// is read to its last complete record ("complete": false). For a complete
// file the indexed reader (summary, chunk and message indexes) must find
// the same messages. Run it with .ci/mcap-read.sh, which installs the two
// packages.
import { readFileSync } from "node:fs";
import { McapIndexedReader, McapStreamReader } from "@mcap/core";
import { decompress } from "fzstd";

const decompressHandlers = {
  zstd: (buf, size) => decompress(buf, new Uint8Array(Number(size))),
};

async function readOne(file) {
  const data = readFileSync(file);
  const reader = new McapStreamReader({ decompressHandlers, validateCrcs: true });
  reader.append(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  const schemas = new Map();
  const channels = new Map();
  let messages = 0;
  for (let rec; (rec = reader.nextRecord()); ) {
    if (rec.type === "Schema") schemas.set(rec.id, rec);
    else if (rec.type === "Channel" && !channels.has(rec.id)) channels.set(rec.id, { ch: rec, count: 0 });
    else if (rec.type === "Message") {
      const c = channels.get(rec.channelId);
      if (!c) throw new Error(`message on unknown channel ${rec.channelId}`);
      c.count++;
      messages++;
    }
  }
  const out = {
    file,
    complete: reader.done(),
    messages,
    channels: [...channels.values()].map(({ ch, count }) => ({
      topic: ch.topic,
      schema: schemas.get(ch.schemaId)?.name ?? "",
      encoding: ch.messageEncoding,
      schemaEncoding: schemas.get(ch.schemaId)?.encoding ?? "",
      count,
    })),
  };
  if (out.complete) {
    const readable = {
      size: async () => BigInt(data.byteLength),
      read: async (offset, size) => new Uint8Array(data.buffer, data.byteOffset + Number(offset), Number(size)),
    };
    const idx = await McapIndexedReader.Initialize({ readable, decompressHandlers });
    let n = 0;
    let last = -1n;
    for await (const m of idx.readMessages()) {
      if (m.logTime < last) throw new Error(`indexed reader: message at ${m.logTime} after ${last}`);
      last = m.logTime;
      n++;
    }
    if (n !== messages) throw new Error(`indexed reader found ${n} messages, stream reader ${messages}`);
    const stat = idx.statistics ? Number(idx.statistics.messageCount) : -1;
    if (stat !== messages) throw new Error(`statistics say ${stat} messages, the file holds ${messages}`);
    out.indexed = { messages: n, chunks: idx.chunkIndexes.length };
  }
  return out;
}

let failed = false;
for (const file of process.argv.slice(2)) {
  try {
    console.log(JSON.stringify(await readOne(file)));
  } catch (e) {
    console.error(`${file}: ${e.stack || e}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
