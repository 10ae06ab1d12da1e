#!/usr/bin/env bash
# tests/tools/check-edges.sh — every crossing between the engine and C++ goes
# through the one guarded edge (include/phpbind/detail/edge.hpp): no other
# file of the library may set a jump target, resume a bailout, or turn the
# exception being handled into a PHP one. A new crossing written by hand
# fails this test; route it through detail::edge() / detail::into_php().
#
#   check-edges.sh <source-dir>
set -euo pipefail
src=$1
cd "$src"
status=0
report() { echo "check-edges: $1"; status=1; }

# Jump targets and bailouts: the edge's own files, and the embedding runtime's
# request and script runners, Runtime::serve()'s among them (which own the engine's top level,
# like a SAPI).
while IFS= read -r hit; do
  case "$hit" in
    include/phpbind/detail/edge.hpp:*|src/edge.cpp:*|src/runtime.cpp:*|src/server.cpp:*) ;;
    *) report "zend_try/zend_bailout outside the edge: $hit" ;;
  esac
done < <(grep -n -E '\bzend_(try|bailout)\b' -r include src | grep -v '^[^:]*:[0-9]*: *//' || true)

# Raising the exception being handled: only edge() does it.
while IFS= read -r hit; do
  case "$hit" in
    include/phpbind/detail/edge.hpp:*|include/phpbind/exceptions.hpp:*|src/exceptions.cpp:*) ;;
    *) report "raise_current_exception outside the edge: $hit" ;;
  esac
done < <(grep -n 'raise_current_exception' -r include src | grep -v '^[^:]*:[0-9]*: *//' || true)

# release_edge() is for the handlers the engine runs while releasing values
# (free_obj, get_gc, an iterator's dtor), for lifecycle callbacks and INI
# validators, and for observers (a call's end is observed while an exception
# unwinds it); every other handler uses edge(), whose happy path keeps no state.
while IFS= read -r hit; do
  case "$hit" in
    include/phpbind/detail/edge.hpp:*) ;;
    include/phpbind/detail/object_layout.hpp:*release_native*|include/phpbind/gc.hpp:*'->gc(v)'*) ;;
    include/phpbind/detail/protocols.hpp:*'cur.~Cursor()'*) ;;
    include/phpbind/ini.hpp:*|src/module.cpp:*) ;;
    include/phpbind/observer.hpp:*) ;;  # observers: also run while the engine unwinds an exception
    include/phpbind/hooks.hpp:*) ;;  # engine hooks: the throw hook and error_cb run with an exception in flight
    src/native.cpp:*) ;;  # a native Closure's object (free_obj) and run-time functions at request end release a callable
    *) report "release_edge outside the release handlers and callbacks: $hit" ;;
  esac
done < <(grep -n 'release_edge(' -r include src | grep -v '^[^:]*:[0-9]*: *//' || true)

# A catch-all that is not an edge must rethrow, or stand in this list with its reason.
allowed_catch_all=(
  'include/phpbind/exception_class.hpp'  # type tests of bound exceptions: rethrow/inspect only
  'src/exception_class.cpp'              # the same, at registration
  'include/phpbind/module.hpp'           # the module definition (get_module): no engine state yet
  'src/module.cpp'                       # lifecycle callbacks, inside edge()
  'include/phpbind/ini.hpp'              # validators: engine unwinding is rethrown first
  'src/ini.cpp'                          # resetting globals: C++ constructors only
  'src/runtime.cpp'                      # the host's own callbacks (output, errors) and request()
  'include/phpbind/embed.hpp'            # host_call(): a lib-mode host's C API, the outermost C++ frame
  'src/server.cpp'                       # the host's response and body callbacks, called by the engine
  'src/persistent.cpp'                   # detaching: frees what it built, then rethrows
  'include/phpbind/stl.hpp'              # containers: release what they filled, then rethrow
  'include/phpbind/object.hpp'           # release the temporary, then rethrow
  'include/phpbind/detail/object_layout.hpp'  # new_object: release the object, then rethrow
  'src/call.cpp'                         # release the call's state, then rethrow
  'src/value.cpp'                        # property reads and writes: release the name, then rethrow
  'include/phpbind/call.hpp'             # repeat(): a step's exception waits past the loop's jump target, then is rethrown
  'include/phpbind/detail/edge.hpp'
  'src/exceptions.cpp'
)
while IFS= read -r hit; do
  file=${hit%%:*}
  ok=0
  for a in "${allowed_catch_all[@]}"; do [ "$file" = "$a" ] && ok=1; done
  [ $ok = 1 ] || report "catch (...) in a file not known to route through the edge: $hit"
done < <(grep -n 'catch (\.\.\.)' -r include src | grep -v '^[^:]*:[0-9]*: *//' || true)

# Object handlers installed by hand must be edges: every handler function the
# library defines calls edge() (checked by the crossing tests); here, that no
# header installs a handler from a lambda, which would bypass the named ones.
if grep -n -E 'handlers\.[a-z_]+ = \[' -r include src; then report "a handler installed from a lambda"; fi

[ $status = 0 ] && echo "check-edges: every crossing goes through detail/edge.hpp"
exit $status
