// Made at build time by scripts/vite-geography.ts: the packed geography (base64, see geographyData.ts)
// of `virtual:geography/110m` and `/50m`, and the address of the world's picture of `virtual:geography/picture`.
declare module 'virtual:geography/*' {
  const value: string;
  export default value;
}
