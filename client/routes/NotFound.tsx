export default function NotFound() {
  return (
    <main className="not-found">
      <h1>404 Page Not Found</h1>
    </main>
  );
}
