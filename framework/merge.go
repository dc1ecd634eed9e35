package framework

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

// mergeYAML decodes the YAML document b over c field by field: a mapping
// sets only the fields it names and keeps the others (in structs and in
// maps: plugins.explore.cmd alone keeps explore's drives and params, and
// the other plugins); a scalar or a list replaces the value; a map entry
// set to null is removed (plugins: {explore: null}). A field the
// config does not have is an error that names the nearest one.
func mergeYAML(b []byte, c *Config) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("invalid YAML: %w", err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil // only comments
	}
	return mergeNode(doc.Content[0], reflect.ValueOf(c).Elem(), "")
}

func mergeNode(n *yaml.Node, v reflect.Value, path string) error {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	where := path
	if where == "" {
		where = "the config"
	}
	switch {
	case n.Kind == yaml.MappingNode && v.Kind() == reflect.Struct:
		fields := map[string]int{}
		var names []string
		for i := 0; i < v.NumField(); i++ {
			tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
			if tag != "" && tag != "-" {
				fields[tag] = i
				names = append(names, tag)
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			idx, ok := fields[k.Value]
			if !ok {
				return fmt.Errorf("line %d: %s has no field %q%s (it has %s)", k.Line, where, k.Value, DidYouMean(k.Value, names), strings.Join(names, ", "))
			}
			if err := mergeNode(val, v.Field(idx), join(path, k.Value)); err != nil {
				return err
			}
		}
		return nil
	case n.Kind == yaml.MappingNode && v.Kind() == reflect.Map && v.Type().Key().Kind() == reflect.String:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		} else {
			// Never write into a map the default config shares.
			m := reflect.MakeMapWithSize(v.Type(), v.Len())
			iter := v.MapRange()
			for iter.Next() {
				m.SetMapIndex(iter.Key(), iter.Value())
			}
			v.Set(m)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if val.Kind == yaml.ScalarNode && val.Tag == "!!null" {
				// `explore: null` (or `explore: ~`) removes the default's entry.
				v.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), reflect.Value{})
				continue
			}
			elem := reflect.New(v.Type().Elem()).Elem()
			if old := v.MapIndex(reflect.ValueOf(k.Value)); old.IsValid() {
				elem.Set(old)
			}
			if err := mergeNode(val, elem, join(path, k.Value)); err != nil {
				return err
			}
			v.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), elem)
		}
		return nil
	}
	fresh := reflect.New(v.Type())
	if err := n.Decode(fresh.Interface()); err != nil {
		return fmt.Errorf("invalid YAML for %s: %w", where, err)
	}
	v.Set(fresh.Elem())
	return nil
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}
