// cmake/wasm-library.js — the runtime object of a phpbind WebAssembly library
// (phpbind_add_wasm_library appends it to the factory; `phpbindLibrary`, written by the same
// function, lists the library's exports with their types).
//
//   const instance = await createMylib({ print: (line) => ... });
//   const rt = instance.createRuntime(['mylib']);    // starts PHP, opens the shared request
//   rt.mylib_compute('...');                         // a PHP exception comes back as a PhpError
//   rt.dispose();                                    // closes the request, stops PHP
//
// One runtime at a time per instance (a second createRuntime() throws until the first is
// disposed); instances are separate wasm memories, fully independent of one another.
(function () {
  var lib = phpbindLibrary;
  var kinds = ['none', 'exception', 'exit', 'fatal', 'refused', 'error'];

  function PhpError(message, kind, phpClass) {
    var e = new Error(message);
    Object.setPrototypeOf(e, PhpError.prototype);
    e.name = 'PhpError';
    e.kind = kind;
    e.phpClass = phpClass;
    return e;
  }
  PhpError.prototype = Object.create(Error.prototype, { constructor: { value: PhpError } });

  function lastError() {
    var message = Module['_' + lib.name + '_last_error']();
    if (!message) return null;
    return PhpError(UTF8ToString(message), kinds[Module['_' + lib.name + '_last_error_kind']()] || 'error',
                    UTF8ToString(Module['_' + lib.name + '_last_error_class']()));
  }

  var active = null;
  var initErrors = {
    1: 'a runtime is already running in this instance: dispose it first',
    2: 'another runtime owns the PHP engine of this instance',
    3: 'the PHP engine did not start'
  };

  Module['PhpError'] = PhpError;
  Module['createRuntime'] = function (argv) {
    if (active) throw new Error(lib.name + ': ' + initErrors[1]);
    argv = argv || [lib.name];
    // argv as C sees it: an array of pointers to NUL-terminated UTF-8 strings.
    var ptrs = argv.map(function (a) {
      var s = String(a);
      var size = lengthBytesUTF8(s) + 1;
      var p = Module['_malloc'](size);
      stringToUTF8(s, p, size);
      return p;
    });
    var array = Module['_malloc'](4 * (ptrs.length + 1));
    ptrs.forEach(function (p, i) { HEAP32[(array >> 2) + i] = p; });
    HEAP32[(array >> 2) + ptrs.length] = 0;
    var rc = Module['_' + lib.name + '_runtime_init'](ptrs.length, array);
    ptrs.forEach(function (p) { Module['_free'](p); });
    Module['_free'](array);
    if (rc !== 0) throw new Error(lib.name + ': ' + (initErrors[rc] || 'runtime_init returned ' + rc));

    var rt = { disposed: false };
    lib.exports.forEach(function (e) {
      var name = e[0], result = e[1], args = e[2];
      rt[name] = function () {
        if (rt.disposed) throw new Error(lib.name + ': ' + name + '() called on a disposed runtime');
        if (arguments.length !== args.length) {
          throw new TypeError(lib.name + ': ' + name + '() takes ' + args.length + ' argument(s), ' +
                              arguments.length + ' given');
        }
        var values = Array.prototype.slice.call(arguments);
        values.forEach(function (v, i) {
          var want = args[i] === 'boolean' ? 'boolean' : args[i];
          if (typeof v !== want) {
            throw new TypeError(lib.name + ': argument ' + (i + 1) + ' of ' + name + '() must be a ' + args[i] +
                                ', ' + typeof v + ' given');
          }
        });
        var r = ccall(name, result === 'void' ? null : result, args, values);
        var err = lastError();
        if (err) throw err;
        return result === 'void' ? undefined : r;
      };
    });
    rt.dispose = function () {
      if (rt.disposed) return;
      rt.disposed = true;
      active = null;
      Module['_' + lib.name + '_runtime_shutdown']();
    };
    active = rt;
    return rt;
  };
})();
