// Quire's look for the API reference page (/v1/docs): its own logo, colours and page title instead
// of the Swagger UI defaults. Everything is inline or served by Quire, so the page requests nothing
// from any other host.

const ICON_PATHS =
  '<rect width="32" height="32" rx="7" fill="#ffffff"/>' +
  '<path d="M9 8h11a3 3 0 0 1 3 3v13H12a3 3 0 0 1-3-3z" fill="#4a3aa8"/>' +
  '<path d="M13 13h6M13 17h6M13 21h4" stroke="#ffffff" stroke-width="2" stroke-linecap="round"/>'

/** The top bar's logo: Quire's mark and name, white on the bar's colour. */
export const DOCS_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40">' +
  `<g transform="translate(0 4)">${ICON_PATHS}</g>` +
  '<text x="44" y="28" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="24" ' +
  'font-weight="700" fill="#ffffff">Quire API</text></svg>'

/** The browser tab's icon, the same mark as the web app's. */
export const DOCS_FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3b2f8f"/>' +
  '<path d="M9 8h11a3 3 0 0 1 3 3v13H12a3 3 0 0 1-3-3z" fill="#fff"/>' +
  '<path d="M13 13h6M13 17h6M13 21h4" stroke="#3b2f8f" stroke-width="2" stroke-linecap="round"/></svg>'

/** Colours and type of the Quire web app over Swagger UI's. */
export const DOCS_CSS = `
.swagger-ui .topbar { background: #3b2f8f; padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag, .swagger-ui .opblock .opblock-summary-description {
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif;
}
.swagger-ui .info .title small.version-stamp { background: #4a3aa8; }
.swagger-ui .btn.execute { background: #4a3aa8; border-color: #4a3aa8; }
.swagger-ui .btn.authorize { color: #2f7a4b; border-color: #2f7a4b; }
.swagger-ui .btn.authorize svg { fill: #2f7a4b; }
.swagger-ui a.nostyle, .swagger-ui .info a { color: #4a3aa8; }
`

/** Gives the logo, which Swagger UI inserts without one, a text alternative. */
export const DOCS_JS = `
new MutationObserver(function () {
  var logo = document.querySelector('#swagger-ui .topbar a.link img');
  if (logo && !logo.alt) logo.alt = 'Quire API';
  var link = document.querySelector('#swagger-ui .topbar a.link');
  if (link && !link.getAttribute('aria-label')) link.setAttribute('aria-label', 'Quire API reference');
}).observe(document.documentElement, { childList: true, subtree: true });
`
