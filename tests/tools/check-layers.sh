#!/usr/bin/env bash
# tests/tools/check-layers.sh <source dir> — ctest `layers`: every public header includes only
# headers of its own layer or a lower one (docs/design-notes.md, "Layers"), and the core
# (<phpbind/phpbind.hpp>) none of the optional parts.
set -euo pipefail
cd "$1/include"

# The layers, lowest first.
declare -A layer
for h in engine; do layer[$h]=0; done
for h in exceptions lifetime detail/edge value caster string array object args call stl allocator persistent retained \
         serialization class_protocols; do layer[$h]=1; done
for h in detail/unique_function detail/type_name; do layer[$h]=0; done
for h in detail/binder detail/object_layout detail/class_caster detail/class_invoke detail/class_spec \
         detail/protocols; do layer[$h]=2; done
for h in module gc class exception_class ini enum; do layer[$h]=3; done
for h in phpbind; do layer[$h]=4; done
for h in heap hooks function_hooks object_hooks observer native runtime server embed; do layer[$h]=5; done
names=(engine values machinery binding core optional)

fail=0
for f in phpbind/*.hpp phpbind/detail/*.hpp; do
    h=${f#phpbind/}
    h=${h%.hpp}
    if [ -z "${layer[$h]+x}" ]; then
        echo "layers: $f is in no layer (add it to tests/tools/check-layers.sh and docs/design-notes.md)"
        fail=1
        continue
    fi
    while read -r inc; do
        i=${inc%.hpp}
        if [ -z "${layer[$i]+x}" ]; then continue; fi  # reported as a file of its own
        if [ "${layer[$i]}" -gt "${layer[$h]}" ]; then
            echo "layers: $f (${names[${layer[$h]}]}) includes phpbind/$inc (${names[${layer[$i]}]}), a higher layer"
            fail=1
        fi
    done < <(sed -n 's|^#include <phpbind/\(.*\)>.*|\1|p' "$f")
done
[ "$fail" = 0 ] && echo "layers: every header includes only its own layer or lower ones"
exit "$fail"
