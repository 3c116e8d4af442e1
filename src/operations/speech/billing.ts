/**
 * USD for speaking `input` at `pricePerCharacter` (speech providers bill input characters),
 * rounded to the nano-dollar.
 *
 * @example
 * speechCost('Hello world', 0.000015); // 0.000165
 */
export function speechCost(input: string, pricePerCharacter: number): number {
  return Math.round([...input].length * pricePerCharacter * 1e9) / 1e9;
}
