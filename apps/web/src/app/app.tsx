export function App() {
  return <main>sbuilding</main>;
}
