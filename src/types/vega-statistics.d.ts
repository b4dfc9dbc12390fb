// vega-statistics ships no type declarations; these are the functions playsim uses.
declare module 'vega-statistics' {
  /** The p-quantile of the normal distribution (default: standard normal). */
  export function quantileNormal(p: number, mean?: number, stdev?: number): number;
}
