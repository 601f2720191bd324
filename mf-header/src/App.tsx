export function App() { return <div>header</div>; }
