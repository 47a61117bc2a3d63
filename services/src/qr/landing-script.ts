import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { QR_HONEYPOT_FIELD } from '@studio/events/rules';
import { MAGNET_LINK_PATH } from './magnet-links';

/**
 * The landing page's only script (served from this origin: the CSP allows no inline script). The
 * page is already rendered with its settings and its form posts without JavaScript too; this turns
 * the signup into JSON (with the page's token and the honeypot field) and adds the "Email Required" toast,
 * "Submitting...", "Success!", the redirect 2000 ms later, and "Submission Failed" (docs/product/creation-tools-qr.md (Screens and routes, States, Messages)).
 */
const SOURCE = `(function () {
  var form = document.getElementById('qr-form');
  var island = document.getElementById('qr-settings');
  if (!form || !island) return;
  var s = JSON.parse(island.textContent || '{}');
  var toasts = document.getElementById('qr-toasts');
  // A page prefetched or prerendered was not counted: it counts itself once it is shown.
  function beacon() {
    fetch('/api/qr-landing/' + encodeURIComponent(s.qrId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ source: 'scan', token: s.scanToken })
    }).catch(function () {});
  }
  if (s.scanToken) {
    if (document.prerendering) document.addEventListener('prerenderingchange', beacon, { once: true });
    else beacon();
  }
  // One message at a time: a new toast (or success) replaces the last, so none contradicts another.
  function clearToasts() { toasts.textContent = ''; }
  function toast(title, body) {
    clearToasts();
    var t = document.createElement('div');
    t.className = 'toast bad';
    t.setAttribute('role', 'alert');
    var h = document.createElement('strong');
    h.textContent = title;
    var p = document.createElement('div');
    p.textContent = body;
    t.appendChild(h);
    t.appendChild(p);
    toasts.appendChild(t);
    setTimeout(function () { t.remove(); }, 5000);
  }
  var button = form.querySelector('button');
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var email = document.getElementById('qr-email').value.trim();
    var name = document.getElementById('qr-name').value.trim();
    if (!email) { toast('Email Required', 'Please enter your email address.'); return; }
    button.disabled = true;
    button.textContent = 'Submitting...';
    var body = { email: email, source: 'signup', token: form.elements.token ? form.elements.token.value : '' };
    if (name) body.name = name;
    var trap = form.elements['${QR_HONEYPOT_FIELD}'];
    if (trap && trap.value) body['${QR_HONEYPOT_FIELD}'] = trap.value;
    fetch('/api/qr-landing/' + encodeURIComponent(s.qrId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (res) {
      if (!res.ok) {
        // A refusal with its own words (an invalid address) says them; anything else is generic.
        return res.json().then(function (b) {
          // An expired page comes back with a fresh token: the next press is kept.
          if (b && b.token && form.elements.token) form.elements.token.value = b.token;
          throw new Error(res.status < 500 && b && b.message || '');
        },
          function () { throw new Error(''); });
      }
      return res.json().catch(function () { return {}; });
    }).then(function (kept) {
      clearToasts();
      form.hidden = true;
      document.getElementById('qr-done').hidden = false;
      // A bonus is handed over here, so the reader stays on the page to take it.
      if (kept && typeof kept.download === 'string' && kept.download.indexOf('${MAGNET_LINK_PATH}') === 0) {
        document.getElementById('qr-download').href = kept.download;
        document.getElementById('qr-bonus').hidden = false;
        var note = document.querySelector('#qr-done .redirecting');
        if (note) note.remove();
        return;
      }
      if (s.redirectUrl && /^https?:\\/\\//i.test(s.redirectUrl)) {
        setTimeout(function () { window.location.assign(s.redirectUrl); }, 2000);
      }
    }).catch(function (error) {
      toast('Submission Failed', (error && error.message) || 'There was an error submitting your information. Please try again.');
      button.disabled = false;
      button.textContent = s.buttonText;
    });
  });
})();
`;

export const LANDING_SCRIPT = SOURCE;
export const LANDING_SCRIPT_GZIP = gzipSync(SOURCE, { level: 9 });
const hash = createHash('sha256').update(SOURCE).digest('hex').slice(0, 10);
/** Content-hashed, so it is cached for a year. */
export const LANDING_SCRIPT_PATH = `/qr-landing-${hash}.js`;
