// tests/wasm/consumer.ts — a TypeScript host of the pbwasm library, checked against the declaration
// phpbind_add_wasm_library() wrote (tsc --strict; wasm-lib-types). BAD lines must not compile.
import createPbwasm, { PhpError, PbwasmRuntime } from './pbwasm';

async function main(): Promise<number> {
  const instance = await createPbwasm({ print: (line: string) => console.log(line) });
  const rt: PbwasmRuntime = instance.createRuntime(['pbwasm']);
  const json: string = rt.pbwasm_eval('return 1;');
  const n: number = rt.pbwasm_twice(21);
  const even: boolean = rt.pbwasm_is_even(4);
  const counts: string = rt.pbwasm_counts();
  rt.pbwasm_fail();
  try {
    rt.pbwasm_eval('throw new Exception("x");');
  } catch (e) {
    const err = e as PhpError;
    const kind: 'exception' | 'exit' | 'fatal' | 'refused' | 'error' = err.kind;
    console.log(kind, err.phpClass, json, even, counts);
  }
  rt.pbwasm_twice('21'); // BAD: a string where a number is declared
  const s: string = rt.pbwasm_twice(1); // BAD: a number is not a string
  rt.pbwasm_missing(); // BAD: no such export
  rt.dispose();
  return n + s.length;
}
main();
