/** The page at `/` until the renderer is built: proof of life and where to point a client. */
export function builtInPage(baseUrl: string): Response {
  // The base URL comes from the request's Host header, so it is the client's text: escape it.
  const base = escapeHtml(baseUrl);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Publishing Desk</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  code { background: #f2f2f2; padding: 0.1rem 0.3rem; border-radius: 3px; }
</style>
</head>
<body>
<main>
<h1>Publishing Desk</h1>
<p>This instance is running.</p>
<p>API base URL: <code id="api-base">${base}</code></p>
<ul>
  <li>Instance interface: <code>${base}/api/</code></li>
  <li>Legacy interface: <code>${base}/content</code> and <code>${base}/users</code></li>
</ul>
<p>Send the owner token in the <code>Authorization</code> header. The desk's own interface appears here once it is built.</p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
