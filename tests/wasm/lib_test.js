// tests/wasm/lib_test.js — the WebAssembly library mode under node: node lib_test.js <pbwasm.js>
//
// A runtime is created, called and disposed; PHP exceptions, exit(), fatal errors and C++
// exceptions come back as PhpErrors the host catches; a second runtime in one instance and a
// call re-entering the library from PHP are refused; two instances are independent; each
// module's MINIT/MSHUTDOWN run once per runtime and RINIT/RSHUTDOWN once per request.
'use strict';
const assert = require('assert');
const factory = require(require('path').resolve(process.argv[2]));

function throwsPhp(fn, kind, check) {
  let caught = null;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught, 'expected a PhpError of kind ' + kind);
  assert.strictEqual(caught.name, 'PhpError', String(caught));
  assert.ok(caught instanceof Error);
  assert.strictEqual(caught.kind, kind, caught.message);
  if (check) check(caught);
  return caught;
}

(async () => {
  const lines = [];
  const a = await factory({ print: (s) => lines.push(s), printErr: (s) => lines.push('stderr: ' + s) });
  assert.strictEqual(typeof a.PhpError, 'function');

  const rt = a.createRuntime(['pbwasm', 'one']);
  // One request shared by every call: what one call leaves, the next sees.
  assert.strictEqual(JSON.parse(rt.pbwasm_eval('return 6 * 7;')), 42);
  rt.pbwasm_eval("$GLOBALS['kept'] = 'still here'; return null;");
  assert.strictEqual(JSON.parse(rt.pbwasm_eval("return $GLOBALS['kept'];")), 'still here');
  assert.deepStrictEqual(JSON.parse(rt.pbwasm_eval('return $argv;')), ['pbwasm', 'one']);
  assert.strictEqual(rt.pbwasm_twice(21), 42);
  assert.strictEqual(rt.pbwasm_is_even(4), true);
  assert.strictEqual(rt.pbwasm_is_even(3), false);
  rt.pbwasm_eval("echo 'printed by PHP', PHP_EOL; return null;");
  assert.ok(lines.includes('printed by PHP'), lines.join('\n'));

  // A PHP exception: its class and message; the request goes on.
  throwsPhp(() => rt.pbwasm_eval("throw new DomainException('out of range');"), 'exception', (e) => {
    assert.strictEqual(e.phpClass, 'DomainException');
    assert.strictEqual(e.message, 'out of range');
  });
  // A PHP TypeError from a bound function's argument check.
  throwsPhp(() => rt.pbwasm_eval("return pbwasm_twice('x');"), 'exception', (e) => {
    assert.strictEqual(e.phpClass, 'TypeError');
    assert.match(e.message, /pbwasm_twice\(\): Argument #1 \(\$x\) must be of type int, string given/);
  });
  // A C++ exception inside a bound function reaches PHP as an Error, then the host.
  throwsPhp(() => rt.pbwasm_eval('pbwasm_cpp_throw(); return 1;'), 'exception', (e) => {
    assert.match(e.message, /thrown in C\+\+/);
  });
  assert.strictEqual(JSON.parse(rt.pbwasm_eval("return $GLOBALS['kept'];")), 'still here');
  // A C++ exception of the host's own code.
  throwsPhp(() => rt.pbwasm_fail(), 'error', (e) => assert.strictEqual(e.message, "the host's C++ failed"));

  // exit(): the shared request ends (its globals with it) and a fresh one opens.
  throwsPhp(() => rt.pbwasm_eval('exit(3);'), 'exit', (e) => assert.strictEqual(e.message, 'exit(3) called'));
  assert.strictEqual(JSON.parse(rt.pbwasm_eval("return $GLOBALS['kept'] ?? 'gone';")), 'gone');
  // A fatal error: the same, with the engine's message.
  throwsPhp(() => rt.pbwasm_eval("trigger_error('deliberately fatal', E_USER_ERROR);"), 'fatal',
            (e) => assert.strictEqual(e.message, 'deliberately fatal'));
  throwsPhp(() => rt.pbwasm_eval("ini_set('memory_limit', '8M'); $a = str_repeat('x', 64 << 20); return 1;"),
            'fatal', (e) => assert.match(e.message, /^Allowed memory size of 8388608 bytes exhausted/));
  assert.strictEqual(JSON.parse(rt.pbwasm_eval("return ini_get('memory_limit');")), '128M');
  assert.strictEqual(rt.pbwasm_counts(),
    'main: MINIT=1 RINIT=4 RSHUTDOWN=3 MSHUTDOWN=0 LSTART=4 LEND=3 | extra: MINIT=1 RINIT=4 RSHUTDOWN=3 MSHUTDOWN=0 LSTART=4 LEND=3');

  // PHP calling the host, which calls the library again: refused, and the outer call goes on.
  let inner = null;
  a.onHostCall = () => {
    try {
      rt.pbwasm_eval('return 1;');
      return 'not refused';
    } catch (e) {
      inner = e;
      return 'refused: ' + e.kind;
    }
  };
  assert.strictEqual(JSON.parse(rt.pbwasm_eval('return pbwasm_call_host();')), 'refused: refused');
  assert.match(inner.message, /re-entered from PHP\) is refused/);
  assert.strictEqual(JSON.parse(rt.pbwasm_eval('return 2 + 2;')), 4);

  // The JavaScript side checks what it passes.
  assert.throws(() => rt.pbwasm_twice('21'), /argument 1 of pbwasm_twice\(\) must be a number, string given/);
  assert.throws(() => rt.pbwasm_twice(), /takes 1 argument\(s\), 0 given/);

  // One runtime per instance.
  assert.throws(() => a.createRuntime(), /a runtime is already running in this instance/);

  // Another instance is another engine: its own globals, its own lifecycle.
  const b = await factory({ print: () => {} });
  const rt2 = b.createRuntime();
  assert.strictEqual(JSON.parse(rt2.pbwasm_eval("return $GLOBALS['kept'] ?? 'not here';")), 'not here');
  rt2.pbwasm_eval("$GLOBALS['kept'] = 'b'; return null;");
  rt.pbwasm_eval("$GLOBALS['kept'] = 'a'; return null;");
  assert.strictEqual(JSON.parse(rt2.pbwasm_eval("return $GLOBALS['kept'];")), 'b');
  assert.strictEqual(rt2.pbwasm_counts(),
    'main: MINIT=1 RINIT=1 RSHUTDOWN=0 MSHUTDOWN=0 LSTART=1 LEND=0 | extra: MINIT=1 RINIT=1 RSHUTDOWN=0 MSHUTDOWN=0 LSTART=1 LEND=0');
  rt2.dispose();

  // Dispose: RSHUTDOWN and MSHUTDOWN once; calls after it are refused by the wrapper.
  rt.dispose();
  assert.ok(lines.includes('at MSHUTDOWN: main: MINIT=1 RINIT=4 RSHUTDOWN=4 MSHUTDOWN=0 LSTART=4 LEND=4 | ' +
                           'extra: MINIT=1 RINIT=4 RSHUTDOWN=4 MSHUTDOWN=1 LSTART=4 LEND=4'), lines.join('\n'));
  assert.throws(() => rt.pbwasm_eval('return 1;'), /pbwasm_eval\(\) called on a disposed runtime/);
  rt.dispose();  // twice: nothing

  // The same instance starts PHP again.
  const again = a.createRuntime();
  assert.strictEqual(JSON.parse(again.pbwasm_eval("return $GLOBALS['kept'] ?? 'fresh';")), 'fresh');
  again.dispose();
  console.log('wasm library: every check passed');
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
