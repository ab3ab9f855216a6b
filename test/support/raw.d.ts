// Vite's `?raw` imports (test fixtures read as text, in workerd as in Node).
declare module "*?raw" {
  const text: string;
  export default text;
}
