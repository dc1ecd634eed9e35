// rescuekit replay page: draws a recording's data (the JSON in #data) and
// moves everything to the slider's step. window.replay exposes the page's
// state for tests and for the console.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var S = D.steps, A = D.arena, N = S.T.length;
  var NS = "http://www.w3.org/2000/svg";
  var CELL = A.Tile / 4;

  function el(tag, attrs, parent) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function rgb(n) {
    return "rgb(" + ((n >> 16) & 255) + "," + ((n >> 8) & 255) + "," + (n & 255) + ")";
  }
  var OUTCOME = { hit: "#1a9d49", "wrong type": "#f09600", miss: "#dc1e1e", unknown: "#787878" };
  var SIGN = { H: "#d21e1e", S: "#dc8c00", U: "#1e961e", F: "#ff5a00", P: "#8232be", C: "#323232", O: "#c8aa00" };
  var STATE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

  document.getElementById("title").textContent = D.title;
  var meta = [];
  if (D.meta) for (var k in D.meta) if (D.meta[k] !== "") meta.push(k + " " + D.meta[k]);
  meta.push(N + " steps");
  if (!D.complete) meta.push("recording cut short: shown to its last complete step");
  document.getElementById("meta").textContent = meta.join(" · ");

  // ---- arena ----
  var m = A.Tile / 3;
  var W = A.Cols * A.Tile, H = A.Rows * A.Tile;
  var box = (A.Left - m) + " " + (A.Top - m) + " " + (W + 2 * m) + " " + (H + 2 * m);
  var arena = document.getElementById("arena");
  arena.setAttribute("viewBox", box);
  var ga = el("g", { id: "floors" }, arena);
  (A.Areas || []).forEach(function (a) {
    el("rect", { x: a[0], y: a[1], width: a[2] - a[0], height: a[3] - a[1], fill: rgb(a[4]) }, ga);
  });
  var gw = el("g", { id: "walls", stroke: "#337885", "stroke-width": A.Thick, "stroke-linecap": "square", fill: "none" }, arena);
  (A.Walls || []).forEach(function (w) { el("line", { x1: w[0], y1: w[1], x2: w[2], y2: w[3] }, gw); });
  (A.Arcs || []).forEach(function (c) {
    var from = c[3], span = ((c[4] - from) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI), to = from + span;
    if (!isFinite(to)) return;
    var x1 = c[0] + c[2] * Math.cos(from), y1 = c[1] + c[2] * Math.sin(from);
    var x2 = c[0] + c[2] * Math.cos(to), y2 = c[1] + c[2] * Math.sin(to);
    var large = to - from > Math.PI ? 1 : 0;
    el("path", { d: "M" + x1 + " " + y1 + " A" + c[2] + " " + c[2] + " 0 " + large + " 1 " + x2 + " " + y2 }, gw);
  });
  var go = el("g", { id: "obstacles", fill: "#6e6e6e" }, arena);
  (A.Obstacles || []).forEach(function (o) {
    el("rect", { x: -o[2], y: -o[3], width: 2 * o[2], height: 2 * o[3],
      transform: "translate(" + o[0] + " " + o[1] + ") rotate(" + (-o[4] * 180 / Math.PI) + ")" }, go);
  });
  var gs = el("g", { id: "signs" }, arena);
  var sz = 0.016;
  (A.Signs || []).forEach(function (s) {
    var p = s.p;
    el("rect", { x: p[0] - sz / 2, y: p[1] - sz / 2, width: sz, height: sz, fill: SIGN[s.l] || "#f0f" }, gs);
    var t = el("text", { x: p[0] + p[2] * 0.018, y: p[1] + p[3] * 0.018 + 0.005, "font-size": 0.016, "text-anchor": "middle", fill: SIGN[s.l] || "#f0f", "font-weight": "bold" }, gs);
    t.textContent = s.l;
  });
  var pts = [];
  for (var i = 0; i < N; i++) pts.push(S.X[i] + "," + S.Z[i]);
  el("polyline", { id: "path-all", points: pts.join(" "), fill: "none", stroke: "#1f3b4d", "stroke-opacity": 0.25, "stroke-width": 0.004 }, arena);
  var done = el("polyline", { id: "path", points: "", fill: "none", stroke: "#1f3b4d", "stroke-width": 0.005, "stroke-linejoin": "round" }, arena);
  var gr = el("g", { id: "report-marks" }, arena);
  var marks = (D.reports || []).map(function (r) {
    var g = el("g", { "class": "report hidden", "data-outcome": r.outcome }, gr);
    el("line", { x1: r.RX, y1: r.RZ, x2: r.EX, y2: r.EZ, stroke: OUTCOME[r.outcome], "stroke-width": 0.003, "stroke-dasharray": "0.006 0.004" }, g);
    el("circle", { cx: r.EX, cy: r.EZ, r: 0.014, fill: "none", stroke: OUTCOME[r.outcome], "stroke-width": 0.005 }, g);
    var t = el("text", { x: r.EX, y: r.EZ - 0.02, "font-size": 0.02, "text-anchor": "middle", fill: OUTCOME[r.outcome], "font-weight": "bold" }, g);
    t.textContent = r.letter;
    return g;
  });
  // The plugins' estimate of the pose (the blackboard key pose), drawn
  // beside the true pose: its path so far, dashed, and a ring.
  var estPts = [];
  for (var e = 0; e < N; e++) estPts.push(S.EX[e] === null ? null : S.EX[e] + "," + S.EZ[e]);
  var estPath = el("polyline", { id: "est-path", points: "", fill: "none", stroke: "#9b30ff", "stroke-opacity": 0.7, "stroke-width": 0.003, "stroke-dasharray": "0.008 0.005" }, arena);
  var est = el("circle", { id: "estimate", r: 0.02, fill: "none", stroke: "#9b30ff", "stroke-width": 0.004, "class": "hidden" }, arena);
  var estErr = document.getElementById("est-err");
  var robot = el("g", { id: "robot" }, arena);
  el("circle", { r: 0.037, fill: "#ffd400", "fill-opacity": 0.85, stroke: "#333", "stroke-width": 0.004 }, robot);
  var head = el("line", { x1: 0, y1: 0, x2: 0, y2: -0.037, stroke: "#333", "stroke-width": 0.006 }, robot);
  document.getElementById("arena-legend").innerHTML =
    '<span class="sw" style="background:#ffd400"></span>robot (true pose) ' +
    '<span class="sw" style="border-color:#9b30ff;border-radius:6px"></span>estimate (the plugins\' pose, dashed: its path) ' +
    '<span class="sw" style="background:' + OUTCOME.hit + '"></span>report: hit ' +
    '<span class="sw" style="background:' + OUTCOME["wrong type"] + '"></span>wrong type ' +
    '<span class="sw" style="background:' + OUTCOME.miss + '"></span>miss ' +
    '<span>scale: one tile = ' + A.Tile + ' m</span>';

  // ---- map against answer ----
  var mapSvg = document.getElementById("map");
  mapSvg.setAttribute("viewBox", box);
  var ans = D.answer || [];
  var maps = D.maps || [];
  var rows = ans.length, cols = 0;
  ans.forEach(function (r) { cols = Math.max(cols, r.length); });
  maps.forEach(function (mm) {
    rows = Math.max(rows, mm.cells.length);
    mm.cells.forEach(function (r) { cols = Math.max(cols, r.length); });
  });
  var gm = el("g", { id: "cells" }, mapSvg);
  el("g", { "class": "walls-ghost", stroke: "#ccc", "stroke-width": A.Thick / 2, fill: "none" }, mapSvg).innerHTML = gw.innerHTML;
  var cellEls = [];
  for (var r = 0; r < rows; r++) {
    cellEls.push([]);
    for (var c = 0; c < cols; c++) {
      cellEls[r].push(el("rect", { x: A.Left + c * CELL - CELL / 2, y: A.Top + r * CELL - CELL / 2, width: CELL * 0.92, height: CELL * 0.92, "class": "empty" }, gm));
    }
  }
  function empty(v) { return v === undefined || v === "" || v === "0"; }
  // As record.ClassifyCell: the maps arrive placed on the answer (AlignMap).
  function classify(rv, av) {
    if (av === "20" || (empty(av) && empty(rv))) return "empty";
    if (rv === av || (av !== undefined && av.length === 2 && rv === av[1] + av[0])) return "right";
    if (empty(rv)) return "missing";
    return "wrong";
  }
  var shownMap = -2, counts = { right: 0, wrong: 0, missing: 0 };
  function mapAt(i) {
    var k = -1;
    for (var j = 0; j < maps.length && maps[j].i <= i; j++) k = j;
    return k;
  }
  function drawMap(k) {
    if (k === shownMap) return;
    shownMap = k;
    var cells = k >= 0 ? maps[k].cells : [];
    counts = { right: 0, wrong: 0, missing: 0 };
    for (var r = 0; r < rows; r++) for (var c = 0; c < cols; c++) {
      var rv = cells[r] ? cells[r][c] : undefined, av = ans[r] ? ans[r][c] : undefined;
      var cl = classify(rv, av);
      if (cl !== "empty") counts[cl]++;
      var e = cellEls[r][c];
      e.setAttribute("class", cl);
      e.setAttribute("data-robot", rv === undefined ? "" : rv);
    }
    document.getElementById("counts").textContent = k >= 0
      ? "(" + counts.right + " right, " + counts.wrong + " wrong, " + counts.missing + " missing)"
      : "(no map yet: everything missing)";
  }

  // ---- score chart and FSM timeline ----
  var tMax = N > 0 ? Math.max(S.T[N - 1], 1e-9) : 1;
  var sMax = D.maxScore > 0 ? D.maxScore : 1;
  for (i = 0; i < N; i++) sMax = Math.max(sMax, S.Score[i]);
  var sMin = 0;
  for (i = 0; i < N; i++) sMin = Math.min(sMin, S.Score[i]);
  var chart = document.getElementById("chart");
  function cx(t) { return t / tMax * 1000; }
  function cy(s) { return 155 - (s - sMin) / (sMax - sMin) * 150; }
  el("line", { x1: 0, x2: 1000, y1: cy(0), y2: cy(0), stroke: "#bbb", "stroke-width": 1 }, chart);
  var sp = [];
  for (i = 0; i < N; i++) sp.push(cx(S.T[i]).toFixed(1) + "," + cy(S.Score[i]).toFixed(1));
  el("polyline", { id: "score-line", points: sp.join(" "), fill: "none", stroke: "#1f3b4d", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }, chart);
  var cursor = el("line", { y1: 0, y2: 160, stroke: "#d62828", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }, chart);
  var fsm = document.getElementById("fsm");
  var runs = [];
  for (i = 0; i < N; i++) {
    if (runs.length === 0 || runs[runs.length - 1].s !== S.State[i]) runs.push({ s: S.State[i], a: i, b: i });
    else runs[runs.length - 1].b = i;
  }
  runs.forEach(function (ru) {
    var x0 = cx(ru.a > 0 ? S.T[ru.a - 1] : 0), x1 = cx(S.T[ru.b]);
    el("rect", { x: x0, y: 0, width: Math.max(x1 - x0, 0.5), height: 24, fill: STATE[ru.s % STATE.length], "data-state": D.states[ru.s] }, fsm);
  });
  var fcur = el("line", { y1: 0, y2: 24, stroke: "#000", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }, fsm);
  document.getElementById("fsm-legend").innerHTML = (D.states || []).map(function (s, k) {
    return '<span class="sw" style="background:' + STATE[k % STATE.length] + '"></span>' + s.replace(/[<&]/g, "");
  }).join(" ");

  // ---- cameras ----
  var cams = document.getElementById("cams"), camImgs = {};
  Object.keys(D.frames || {}).sort().forEach(function (name) {
    var f = document.createElement("figure");
    var img = document.createElement("img");
    img.alt = name;
    img.id = "cam-" + name;
    var cap = document.createElement("figcaption");
    cap.textContent = name;
    f.appendChild(img);
    f.appendChild(cap);
    cams.appendChild(f);
    camImgs[name] = { img: img, frames: D.frames[name], shown: -1 };
  });
  if (Object.keys(camImgs).length === 0) cams.textContent = "no camera frames in this recording";

  // ---- reports table, events ----
  var tbody = document.querySelector("#reports tbody");
  var rows2 = (D.reports || []).map(function (r) {
    var tr = document.createElement("tr");
    [r.t.toFixed(2), r.letter, r.outcome, r.points, r.why].forEach(function (v) {
      var td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
    return tr;
  });
  var evList = document.getElementById("events");

  // ---- moving to a step ----
  var state = { index: -1, ready: false };
  window.replay = state;
  function show(idx) {
    idx = Math.max(0, Math.min(N - 1, idx | 0));
    if (N === 0) return;
    var x = S.X[idx], z = S.Z[idx], yaw = S.Yaw[idx];
    robot.setAttribute("transform", "translate(" + x + " " + z + ")");
    robot.setAttribute("data-x", x);
    robot.setAttribute("data-z", z);
    head.setAttribute("x2", -Math.sin(yaw) * 0.037);
    head.setAttribute("y2", -Math.cos(yaw) * 0.037);
    done.setAttribute("points", pts.slice(0, idx + 1).join(" "));
    if (S.EX[idx] !== null) {
      est.setAttribute("cx", S.EX[idx]);
      est.setAttribute("cy", S.EZ[idx]);
      est.setAttribute("data-x", S.EX[idx]);
      est.setAttribute("data-z", S.EZ[idx]);
      est.setAttribute("class", "");
      estErr.textContent = "estimate off by " + Math.hypot(S.EX[idx] - x, S.EZ[idx] - z).toFixed(3) + " m";
    } else {
      est.setAttribute("class", "hidden");
      estErr.textContent = "no pose estimate";
    }
    estPath.setAttribute("points", estPts.slice(0, idx + 1).filter(function (p) { return p !== null; }).join(" "));
    var shown = 0;
    (D.reports || []).forEach(function (r, k) {
      var on = r.i <= idx;
      if (on) shown++;
      marks[k].setAttribute("class", on ? "report" : "report hidden");
      rows2[k].className = (on ? "" : "future ") + r.outcome.replace(" ", "-");
    });
    drawMap(mapAt(idx));
    var t = S.T[idx];
    cursor.setAttribute("x1", cx(t));
    cursor.setAttribute("x2", cx(t));
    fcur.setAttribute("x1", cx(t));
    fcur.setAttribute("x2", cx(t));
    document.getElementById("time").textContent = t.toFixed(2) + " s";
    document.getElementById("score").textContent = S.Score[idx];
    document.getElementById("state").textContent = D.states[S.State[idx]];
    var frameSrc = {};
    Object.keys(camImgs).forEach(function (name) {
      var c = camImgs[name], k = -1;
      for (var j = 0; j < c.frames.length && c.frames[j].i <= idx; j++) k = j;
      if (k !== c.shown) {
        c.shown = k;
        c.img.src = k >= 0 ? c.frames[k].src : "";
        c.img.setAttribute("data-step", k >= 0 ? c.frames[k].i : -1);
      }
      frameSrc[name] = k >= 0 ? c.frames[k].i : -1;
    });
    evList.innerHTML = "";
    (D.events || []).filter(function (e) { return e.i <= idx; }).slice(-12).forEach(function (e) {
      var li = document.createElement("li");
      li.textContent = e.t.toFixed(2) + " s  " + e.msg;
      evList.appendChild(li);
    });
    state.index = idx;
    state.robot = { x: x, z: z, yaw: yaw };
    state.counts = counts;
    state.mapIndex = shownMap;
    state.reportsShown = shown;
    state.frames = frameSrc;
    document.body.setAttribute("data-index", idx);
  }

  var slider = document.getElementById("slider");
  slider.max = Math.max(N - 1, 0);
  slider.addEventListener("input", function () { show(+slider.value); });
  var timer = null, play = document.getElementById("play"), speed = document.getElementById("speed");
  var dt = N > 1 ? (S.T[N - 1] - S.T[0]) / (N - 1) : 0.032;
  function stop() { clearInterval(timer); timer = null; play.textContent = "▶ play"; }
  play.addEventListener("click", function () {
    if (timer) { stop(); return; }
    if (+slider.value >= N - 1) slider.value = 0;
    play.textContent = "❚❚ pause";
    var tick = 50;
    timer = setInterval(function () {
      var adv = Math.max(1, Math.round(tick / 1000 * +speed.value / dt));
      var v = Math.min(N - 1, +slider.value + adv);
      slider.value = v;
      slider.dispatchEvent(new Event("input"));
      if (v >= N - 1) stop();
    }, tick);
  });
  if (N === 0) document.getElementById("status").textContent = "no complete step in this recording";
  var mt = /step=(\d+)/.exec(location.hash);
  slider.value = mt ? Math.min(+mt[1], N - 1) : 0;
  slider.dispatchEvent(new Event("input"));
  state.ready = true;
  document.body.setAttribute("data-ready", "1");
})();
