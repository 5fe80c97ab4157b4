// The packed geography made at build time by scripts/vite-geography.ts: base64, see geographyData.ts.
declare module 'virtual:geography/*' {
  const packed: string;
  export default packed;
}
