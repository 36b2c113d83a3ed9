/**
 * The page's one stylesheet, inlined (no request the Content-Security-Policy would have to
 * allow). Mobile first: one column up to 600px wide, system fonts, logical properties so the
 * right-to-left page mirrors itself. Names wrap between words and a row's score or badge moves
 * under its name when both do not fit (large text, a narrow phone); a word is broken only when
 * it is wider than the whole line (a product code), not letter by letter (D-137).
 */
export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#f4f1ee;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei","Noto Sans Arabic",sans-serif}
main{max-width:600px;margin:0 auto;padding:20px 16px 32px}
header{border-bottom:1px solid #e2dcd6;padding-bottom:14px;margin-bottom:18px}
.merchant{margin:0;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#8a6d5a;overflow-wrap:anywhere}
.store{margin:2px 0 0;font-size:14px;color:#5b6168;overflow-wrap:anywhere}
h1{margin:0;font-size:26px;line-height:1.25;font-weight:700}
h2{margin:28px 0 6px;font-size:19px}
.date{margin:4px 0 0;color:#5b6168;font-size:15px}
.summary{display:flex;gap:12px;margin-top:18px}
.stat{flex:1;background:#fff;border-radius:16px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.stat .value{display:block;font-size:40px;font-weight:700;line-height:1.1;color:#2d6a5f}
.stat .label{display:block;margin-top:4px;font-weight:600}
.stat .unit{display:block;font-size:13px;color:#6b7178}
.note{margin:0 0 12px;font-size:14px;color:#5b6168}
.dims{list-style:none;margin:0;padding:0;background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.dims>li{padding:14px 16px;border-top:1px solid #eee8e2}
.dims>li:first-child{border-top:0}
.row{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:4px 12px}
.name{font-weight:600;min-width:0;overflow-wrap:break-word}
.score{font-size:20px;font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap}
.score small{font-size:12px;font-weight:400;color:#6b7178;margin-inline-start:4px}
.level{margin:2px 0 8px;color:#5b6168;font-size:15px}
.bar{height:8px;border-radius:4px;background:#ece6e0;overflow:hidden}
.fill{display:block;height:100%;border-radius:4px;background:#3f8f80}
.marks{margin:8px 0 0;font-size:14px}
.marks summary{cursor:pointer;color:#2d6a5f;font-weight:600}
.marks a{color:#2d6a5f}
.more{display:flex;flex-wrap:wrap;gap:6px 12px;margin:6px 0 0}
.marked{margin-top:8px;box-shadow:none;border:1px solid #eee8e2}
.marked img{aspect-ratio:auto;object-fit:contain}
.legend-box{padding:0 10px 8px;font-size:14px}
.legend{list-style:none;margin:0;padding:0}
.legend li{display:flex;align-items:center;gap:0;padding:2px 0;border:0}
.sw{display:inline-block;flex:none;width:14px;height:14px;margin-inline-end:8px;vertical-align:middle}
.k-spot{border-radius:50%}.k-line{height:4px;border-radius:2px}.k-area{opacity:.6;border-radius:3px}
.scale,.legend-none,.first-level{margin:6px 0 0;font-size:13px;color:#6b7178}
.means{margin:6px 0 0;font-size:14px;color:#5b6168}
.explains{margin:0 0 8px;font-size:14px;color:#5b6168}
h3{margin:18px 0 2px;font-size:17px}
.key{margin-top:18px}
.findings{list-style:none;margin:0;padding:0;background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.findings li{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px 12px;padding:12px 16px;border-top:1px solid #eee8e2}
.findings li:first-child{border-top:0}
.badge{font-size:14px;font-weight:600;padding:2px 10px;border-radius:999px;background:#ece6e0;white-space:nowrap}
.tone-good .badge{background:#dcefe9;color:#1f5a4f}.tone-fair .badge{background:#f6ead2;color:#7a5512}.tone-attention .badge{background:#f7dcd6;color:#8a2f1f}
.tone-good .fill{background:#3f8f80}.tone-fair .fill{background:#c9982f}.tone-attention .fill{background:#c2573f}
.picks{list-style:none;margin:0;padding:0;background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.pick{display:flex;gap:12px;padding:12px 16px;border-top:1px solid #eee8e2}
.pick:first-child{border-top:0}
.pick img,.pick .no-pic{flex:none;width:64px;height:64px;border-radius:10px;object-fit:cover;background:#ece6e0}
.pick-text{flex:1;min-width:0}
.price{font-weight:600;white-space:nowrap;font-variant-numeric:tabular-nums}
.sub{margin:2px 0 0;font-size:14px;color:#6b7178}
.pick a{display:inline-block;margin-top:4px;color:#2d6a5f;font-size:15px}
.caveat{margin:6px 0 0;font-size:14px;font-style:italic;color:#6b7178}
.dims li.not-measured{background:#faf8f6}
.why{margin:2px 0 0;color:#5b6168;font-size:15px}
.photos{display:grid;grid-template-columns:repeat(auto-fit,minmax(104px,1fr));gap:8px}
figure{margin:0;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 1px 2px rgba(0,0,0,.06)}
figure img{display:block;width:100%;height:auto;aspect-ratio:3/4;object-fit:cover;background:#e9e3dd}
figcaption{padding:6px 10px;font-size:13px;color:#5b6168}
footer{margin-top:28px;padding-top:14px;border-top:1px solid #e2dcd6;font-size:13px;color:#6b7178}
.notice{margin-top:12vh;background:#fff;border-radius:16px;padding:24px 20px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.notice p{margin:10px 0 0;font-size:18px}
`.trim();
