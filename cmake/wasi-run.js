// wasi-run.js — runs a WASI command (phpbind_add_wasm_command in a WASI build) under node:wasi.
// Each command's <name>.js calls run() with its .wasm; `node <name>.js args...` runs it, and the
// process's exit status is the program's.
//
// The program sees the host's file system from "/" (as a native program does), the process's
// environment (TMPDIR set to the host's temporary directory when unset), and starts in the
// process's working directory (PWD). hostImports, when given,
// names a module whose export is called with a function returning the instance's memory and
// returns more import modules (phpbind_add_wasm_command's HOST_IMPORTS).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function loadWasi() {
  // node prints an ExperimentalWarning when node:wasi is first loaded; the program's stderr is
  // its own.
  const emit = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return require('node:wasi').WASI;
  } finally {
    process.emitWarning = emit;
  }
}

// node 20 and 22 call WASI imports as fast API calls; once the instance's memory has grown, the
// WASI object's memory accounting can start a garbage collection inside such a call, which frees
// the object under it (crashes: SIGSEGV, SIGABRT, or a wrong return value). A call through a plain
// JavaScript function takes the regular path, where that is safe.
function wrapImports(imports) {
  const out = {};
  for (const [ns, fns] of Object.entries(imports)) {
    out[ns] = {};
    for (const [k, f] of Object.entries(fns)) {
      out[ns][k] = typeof f === 'function' ? (...a) => f(...a) : f;
    }
  }
  return out;
}

async function run(wasmFile, hostImports) {
  const WASI = loadWasi();
  // (PHP's temporary directory comes from TMPDIR alone in WASI: sys_get_temp_dir() is otherwise
  // empty.)
  const env = { TMPDIR: require('node:os').tmpdir(), ...process.env, PWD: process.cwd() };
  const wasi = new WASI({
    version: 'preview1',
    args: [path.basename(wasmFile, '.wasm'), ...process.argv.slice(2)],
    env,
    preopens: { '/': '/' },
    returnOnExit: true,
  });
  let memory = null;
  const imports = wrapImports(wasi.getImportObject());
  if (hostImports) Object.assign(imports, require(hostImports)(() => memory));
  const module = await WebAssembly.compile(fs.readFileSync(wasmFile));
  const instance = await WebAssembly.instantiate(module, imports);
  memory = instance.exports.memory;
  return wasi.start(instance);
}

module.exports = {
  run(wasmFile, hostImports) {
    run(wasmFile, hostImports).then(
      (status) => {
        process.exitCode = status;
      },
      (e) => {
        // A trap (unreachable, out of bounds, stack exhausted): what a crash is natively.
        console.error(e instanceof WebAssembly.RuntimeError ? `wasm trap: ${e.message}` : e);
        process.exitCode = 134;
      },
    );
  },
};
