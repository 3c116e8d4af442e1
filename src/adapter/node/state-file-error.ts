/** A state file that cannot be used: which file, and what is wrong with it (serve exits 2). */
export class StateFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'StateFileError';
  }
}
