// tests/wasm/wasi_host.js — the host's side of php_cli.cpp's pb_host_shell in a WASI build (the
// command's HOST_IMPORTS, cmake/wasi-run.js): runs a shell command on the host for the tests that
// start a child php.
'use strict';
const { spawnSync } = require('node:child_process');

module.exports = (memory) => {
  let output = Buffer.alloc(0);
  return {
    phpbind_test_host: {
      // Runs the command, keeps its output (stdout, then stderr), stores its exit status and
      // returns the output's length.
      shell(command, length, status) {
        const text = Buffer.from(memory().buffer, command, length).toString('utf8');
        const r = spawnSync('/bin/sh', ['-c', text], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
        output = Buffer.concat([r.stdout || Buffer.alloc(0), r.stderr || Buffer.alloc(0)]);
        new DataView(memory().buffer).setInt32(status, r.status == null ? 128 + 9 : r.status, true);
        return output.length;
      },
      // Copies the kept output to `into`, which holds as many bytes as shell() returned.
      shell_output(into) {
        new Uint8Array(memory().buffer, into, output.length).set(output);
        output = Buffer.alloc(0);
      },
    },
  };
};
