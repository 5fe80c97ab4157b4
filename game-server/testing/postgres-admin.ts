import postgres from 'postgres';

/** A connection to the test server's maintenance database, for creating and dropping databases. */
export function adminConnection(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
