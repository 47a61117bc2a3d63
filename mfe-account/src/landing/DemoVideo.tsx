// The hero's embedded demo (spec 01 §2.5). Nothing may load from the internet, so the embed is a
// self-contained, sandboxed document (no scripts, no network) that plays a short CSS animation.
import { theme } from '@studio/kit';
import { LANDING } from '../texts';

const DEMO_DOCUMENT = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;height:100%;font-family:system-ui,sans-serif;background:#1a1a2e;color:#fff;overflow:hidden}
.stage{height:100%;display:grid;place-items:center;text-align:center}
.step{position:absolute;inset:0;display:grid;place-content:center;gap:12px;opacity:0;animation:show 9s infinite}
.step:nth-child(2){animation-delay:3s}.step:nth-child(3){animation-delay:6s}
.n{font-size:13px;letter-spacing:.12em;text-transform:uppercase;color:#b8b2ff}
.t{font-size:26px;font-weight:800}
.bar{width:220px;height:8px;border-radius:8px;background:#3a3a5e;margin:0 auto;overflow:hidden}
.bar i{display:block;height:100%;width:0;background:#7c6ff5;animation:fill 3s infinite}
@keyframes show{0%{opacity:0}5%,30%{opacity:1}35%,100%{opacity:0}}
@keyframes fill{to{width:100%}}
@media (prefers-reduced-motion: reduce){.step{animation:none}.step:first-child{opacity:1}.bar i{animation:none;width:60%}}
</style></head><body><div class="stage">
<div class="step"><span class="n">Step 1</span><span class="t">Describe your book</span></div>
<div class="step"><span class="n">Step 2</span><span class="t">AI writes and illustrates it</span><div class="bar"><i></i></div></div>
<div class="step"><span class="n">Step 3</span><span class="t">Download the PDF</span></div>
</div></body></html>`;

export function DemoVideo() {
  return (
    <figure css={{ margin: 0, display: 'grid', gap: 8, minWidth: 0 }}>
      <div
        css={{
          position: 'relative',
          aspectRatio: '16 / 9',
          width: '100%',
          borderRadius: theme.radii.lg,
          overflow: 'hidden',
          boxShadow: theme.shadows.lg,
          background: '#1a1a2e',
        }}
      >
        <iframe
          title={LANDING.demoTitle}
          srcDoc={DEMO_DOCUMENT}
          sandbox=""
          loading="lazy"
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </div>
      <figcaption css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, textAlign: 'center' }}>
        {LANDING.demoTitle}
      </figcaption>
    </figure>
  );
}
