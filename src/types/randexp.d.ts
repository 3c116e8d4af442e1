/**
 * randexp as Node loads it: its CommonJS entry sets `module.exports = RandExp`, so an ES module's
 * default import is the class itself; the package's own typings describe an ES default export
 * (`.default`), which is not what Node or a bundler hands over.
 */
declare module 'randexp' {
  class RandExp {
    constructor(pattern: string | RegExp, flags?: string);
    /** Extra repetitions of an unbounded quantifier (`*`, `+`, `{n,}`); default 100. */
    max: number;
    /** The source of every choice, both bounds inclusive (defaults to Math.random). */
    randInt(a: number, b: number): number;
    gen(): string;
  }
  export = RandExp;
}
