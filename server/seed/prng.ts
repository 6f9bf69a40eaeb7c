/** A small seeded PRNG (mulberry32), so the demo data is the same on every machine and run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
    /** A version-4-shaped UUID from the stream: stable ids across runs. */
    uuid(): string {
      const h = Array.from({ length: 32 }, () => int(0, 15).toString(16));
      h[12] = '4';
      h[16] = ((int(0, 15) & 0x3) | 0x8).toString(16);
      const s = h.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    hex: (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16).toUpperCase()).join(''),
  };
}
export type Prng = ReturnType<typeof prng>;
