/** The site's stylesheet, served as /assets/site.css (a file, so the CSP needs no inline styles). */
export const SITE_CSS = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;--line:#d1d9e0;--accent:#0969da;--budget:#1a7f37;--mid:#0969da;--premium:#8250df;--warn:#b42318}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#151b23;--line:#3d444d;--accent:#4493f8;--budget:#3fb950;--mid:#4493f8;--premium:#ab7df8;--warn:#ff7b72}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:2}
.top{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1.25rem;border-bottom:1px solid var(--line)}
.top nav a{margin-left:1rem}
.brand{font-weight:700;text-decoration:none;color:var(--fg)}
main{max-width:76rem;margin:0 auto;padding:1rem 1.25rem 2rem}
footer{max-width:76rem;margin:0 auto;padding:1rem 1.25rem;color:var(--muted);border-top:1px solid var(--line)}
h1{font-size:1.8rem;margin:.5rem 0}h2{font-size:1.3rem;margin:2rem 0 .5rem}
.lead{color:var(--muted);max-width:52rem}
section{scroll-margin-top:1rem}
.panel{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:1rem}
form.calc,.filters{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end}
label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted);gap:.2rem}
input,select{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.35rem .5rem;min-width:8rem}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.summary{margin:.75rem 0 0;font-weight:600}
details.advanced{flex-basis:100%}details.advanced summary{cursor:pointer;color:var(--accent)}
details.advanced .calc{display:flex;flex-wrap:wrap;gap:.75rem 1rem;margin-top:.5rem;align-items:flex-end}details.advanced p{font-size:.85rem;color:var(--muted);max-width:52rem}
.free{color:var(--muted);font-style:italic}
#models tr.unsold td.num{color:var(--muted);font-style:italic}
.table-wrap{overflow-x:auto}
#models td:first-child,#models td.monthly{white-space:normal}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;color:var(--muted);padding:.25rem 0}
th,td{text-align:left;padding:.4rem .55rem;border-bottom:1px solid var(--line);white-space:nowrap}
td.num,th.num{text-align:right}
th button{font:inherit;font-weight:600;background:none;border:0;padding:0;color:inherit;cursor:pointer}
th[aria-sort=ascending] button::after{content:" \\25B2"}th[aria-sort=descending] button::after{content:" \\25BC"}
.tier{display:inline-block;padding:0 .45rem;border-radius:999px;font-size:.8rem;color:#fff}
.tier-Budget{background:var(--budget)}.tier-Mid{background:var(--mid)}.tier-Premium{background:var(--premium)}
.legacy,.mods{color:var(--muted);font-size:.8rem}.mods{display:block}
.chg{color:var(--warn);font-size:.8rem}
figure{margin:0}figcaption{color:var(--muted);margin-top:.5rem}
.chart{width:100%;height:auto;max-width:60rem;display:block}
.chart text{fill:var(--muted);font-size:12px}
.chart .axis{stroke:var(--line)}
.chart .pt-Budget{fill:var(--budget)}.chart .pt-Mid{fill:var(--mid)}.chart .pt-Premium{fill:var(--premium)}
.chart a circle{stroke:var(--bg);stroke-width:1.5}.chart a:hover circle,.chart a:focus circle{stroke:var(--fg);stroke-width:2}
.chart .lbl{fill:var(--fg);font-size:11px}
.chart circle.frontier{stroke:var(--fg);stroke-width:2.5}.chart .frontier-line{fill:none;stroke:var(--fg);stroke-width:1.5;stroke-dasharray:4 3}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
code,dd,.lead{overflow-wrap:anywhere}
img{max-width:100%}
dl.facts dd{min-width:0}
table.history td.src{white-space:normal;min-width:14rem}
.hidden{display:none}
form.reprice{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end}form.reprice label{flex:1 1 16rem;max-width:100%}form.reprice input{width:100%}
form.reprice button,.drop{font:inherit;border:1px solid var(--line);border-radius:6px;padding:.4rem .9rem}form.reprice button{background:var(--accent);border-color:var(--accent);color:#fff;cursor:pointer}
.drop{margin:.75rem 0;border-style:dashed;color:var(--muted)}
.reprice-chart{display:block;max-width:100%;height:auto}.reprice-chart text{fill:var(--muted);font-size:12px}.reprice-chart .grid,.reprice-chart .axis{stroke:var(--line)}.reprice-chart .axis-title{font-size:13px}
ul.legend{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}ul.legend svg{vertical-align:middle;margin-right:.4rem}
.muted{color:var(--muted)}
#reprice-table thead th{white-space:normal;vertical-align:bottom}#reprice-table tbody th{white-space:nowrap;font-weight:400}#reprice-table tr.total{font-weight:600}
@media (max-width:60rem){.chart text{font-size:17px}.chart .lbl{font-size:15px}}
@media (max-width:40rem){
main,footer{padding-left:.75rem;padding-right:.75rem}
.top nav a{margin:0 1rem 0 0}
input,select{min-width:0;max-width:100%}
form.calc label{max-width:100%}#calc-mode{width:100%}
details.advanced .calc label{flex:1 1 9rem}details.advanced .calc input,details.advanced .calc select{width:100%}
dl.facts{grid-template-columns:1fr;gap:0}dl.facts dd{margin-bottom:.4rem}
#reprice-table{font-size:.75rem}#reprice-table th,#reprice-table td{padding:.35rem .2rem}
#models .opt{display:none}
#models th,#models td{padding:.4rem .3rem;white-space:normal}
#models td.num{white-space:nowrap}
.chart text{font-size:30px}.chart .lbl{display:none}.chart circle{r:11px}
}
`;
