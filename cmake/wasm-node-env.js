// cmake/wasm-node-env.js — a wasm command under node sees the process's environment, as a native
// program does (Emscripten's own is a fixed default set): getenv() and PHP's $_ENV/getenv() read it.
Module['preRun'] = [].concat(Module['preRun'] || [], function () {
  Object.assign(ENV, process.env);
});
