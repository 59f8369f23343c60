/** Small text helpers shared by the popup's views. */

/** "1 check", "2 checks". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Points as the report gives them, without float noise: 12.5 stays 12.5, 0.1+0.2 reads 0.3. */
export function formatPoints(points: number): string {
  return String(Math.round(points * 100) / 100);
}

/** A server string that is null or only white space counts as absent. */
export function presentText(value: string | null | undefined): string | null {
  return value != null && value.trim() !== '' ? value : null;
}
