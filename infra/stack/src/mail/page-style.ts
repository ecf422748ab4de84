/** The reading page's stylesheet (served as /style.css: the page's CSP allows no inline style). */
export const PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1a202c; --muted: #4a5568; --line: #e2e8f0; --bg: #fff; --accent: #2b6cb0; --unread: #ebf8ff; }
@media (prefers-color-scheme: dark) { :root { --fg: #e2e8f0; --muted: #a0aec0; --line: #2d3748; --bg: #1a202c; --accent: #90cdf4; --unread: #1e2a3a; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; gap: 1rem; align-items: baseline; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); }
.brand { font-weight: 600; font-size: 1.1rem; color: var(--fg); text-decoration: none; }
.note, .count, .snippet, time, .to { color: var(--muted); }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; }
a { color: var(--accent); }
.search { display: flex; gap: .5rem; }
.search input { flex: 1; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
.search button { padding: .4rem .9rem; border: 1px solid var(--line); border-radius: 6px; background: var(--accent); color: var(--bg); cursor: pointer; }
.messages { list-style: none; padding: 0; margin: 0; border: 1px solid var(--line); border-radius: 8px; }
.messages li + li { border-top: 1px solid var(--line); }
.messages a { display: grid; grid-template-columns: 1fr auto; gap: 0 1rem; padding: .6rem .9rem; color: var(--fg); text-decoration: none; }
.messages li.unread a { background: var(--unread); }
.messages li.unread .subject { font-weight: 600; }
.from { font-weight: 500; } .to { grid-column: 1; font-size: .85rem; } time { grid-column: 2; grid-row: 1; font-size: .85rem; }
.subject, .snippet { grid-column: 1 / 3; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.headers th { text-align: left; padding-right: 1rem; color: var(--muted); font-weight: 500; }
h1 { font-size: 1.3rem; margin: .5rem 0; } h2 { font-size: 1rem; margin: 1.25rem 0 .5rem; color: var(--muted); }
iframe.html { width: 100%; height: 24rem; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
pre.text { white-space: pre-wrap; word-break: break-word; padding: .75rem; border: 1px solid var(--line); border-radius: 8px; }
.empty { padding: 2rem; text-align: center; color: var(--muted); }
`;
