package framework

import (
	"fmt"
	"strings"
)

// namedErr prefixes err with "plugin NAME: " unless its message already
// starts so (plugins/host's errors name the plugin themselves).
func namedErr(name string, err error) error {
	if strings.HasPrefix(err.Error(), "plugin "+name+":") {
		return err
	}
	return fmt.Errorf("plugin %s: %w", name, err)
}
