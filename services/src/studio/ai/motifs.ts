import type { CharacterLook } from './provider';
/**
 * A small library of vector motifs for the offline provider's drawings: each one draws a subject
 * (a cat, a dragon, a house …) as SVG around the origin, within about ±300 units, varied by a
 * seeded random source so that the same prompt always gives the same picture.
 */
export interface Paint {
  /** Fill for a shape: a colour in illustrations, white in coloring pages. */
  fill(): string;
  /** The ink: black outlines. */
  ink: string;
  stroke: number;
}

type Random = () => number;
type Motif = (random: Random, paint: Paint) => string;

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const shape = (paint: Paint, fill = paint.fill()) =>
  `fill="${fill}" stroke="${paint.ink}" stroke-width="${paint.stroke}" stroke-linejoin="round" stroke-linecap="round"`;
const line = (paint: Paint, width = paint.stroke) =>
  `fill="none" stroke="${paint.ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const eye = (x: number, y: number, r: number, paint: Paint) =>
  `<circle cx="${x}" cy="${y}" r="${r}" ${shape(paint, '#ffffff')}/><circle cx="${x}" cy="${y + r * 0.2}" r="${r * 0.45}" fill="${paint.ink}"/>`;

const cat: Motif = (random, paint) => {
  const body = paint.fill();
  const tail = between(random, -1, 1) > 0 ? 1 : -1;
  return `
  <path d="M ${tail * 120} 200 C ${tail * 300} 200 ${tail * 300} 20 ${tail * 220} -20" ${line(paint, paint.stroke * 3.2)}/>
  <path d="M ${tail * 120} 200 C ${tail * 300} 200 ${tail * 300} 20 ${tail * 220} -20" fill="none" stroke="${body}" stroke-width="${paint.stroke * 1.4}" stroke-linecap="round"/>
  <ellipse cx="0" cy="140" rx="150" ry="130" ${shape(paint, body)}/>
  <path d="M -110 -140 L -120 -260 L -30 -190 Z" ${shape(paint, body)}/>
  <path d="M 110 -140 L 120 -260 L 30 -190 Z" ${shape(paint, body)}/>
  <circle cx="0" cy="-110" r="125" ${shape(paint, body)}/>
  ${eye(-45, -130, 24, paint)}${eye(45, -130, 24, paint)}
  <path d="M -14 -78 L 14 -78 L 0 -60 Z" ${shape(paint, paint.ink)}/>
  <path d="M 0 -60 C -10 -40 -35 -40 -40 -50 M 0 -60 C 10 -40 35 -40 40 -50" ${line(paint)}/>
  <path d="M -50 -75 L -150 -95 M -50 -65 L -150 -55 M 50 -75 L 150 -95 M 50 -65 L 150 -55" ${line(paint, paint.stroke * 0.6)}/>
  <ellipse cx="-60" cy="255" rx="45" ry="25" ${shape(paint, body)}/>
  <ellipse cx="60" cy="255" rx="45" ry="25" ${shape(paint, body)}/>`;
};

const dog: Motif = (random, paint) => {
  const body = paint.fill();
  const ears = paint.fill();
  const spot = between(random, -60, 60);
  return `
  <path d="M 140 120 C 230 100 250 40 230 0" ${line(paint, paint.stroke * 2.5)}/>
  <ellipse cx="0" cy="140" rx="170" ry="110" ${shape(paint, body)}/>
  <circle cx="${spot}" cy="130" r="40" ${shape(paint, ears)}/>
  <rect x="-130" y="190" width="55" height="90" rx="20" ${shape(paint, body)}/>
  <rect x="75" y="190" width="55" height="90" rx="20" ${shape(paint, body)}/>
  <circle cx="0" cy="-110" r="120" ${shape(paint, body)}/>
  <ellipse cx="-125" cy="-90" rx="45" ry="95" transform="rotate(20 -125 -90)" ${shape(paint, ears)}/>
  <ellipse cx="125" cy="-90" rx="45" ry="95" transform="rotate(-20 125 -90)" ${shape(paint, ears)}/>
  <ellipse cx="0" cy="-50" rx="65" ry="48" ${shape(paint, '#ffffff')}/>
  <ellipse cx="0" cy="-75" rx="24" ry="16" fill="${paint.ink}"/>
  <path d="M 0 -60 L 0 -35 M -30 -25 C -15 -10 15 -10 30 -25" ${line(paint)}/>
  ${eye(-45, -140, 20, paint)}${eye(45, -140, 20, paint)}`;
};

const dragon: Motif = (random, paint) => {
  const body = paint.fill();
  const wing = paint.fill();
  const spikes = 4 + Math.floor(random() * 3);
  let back = '';
  for (let i = 0; i < spikes; i++) {
    const x = -140 + i * (240 / spikes);
    back += `<path d="M ${x} ${20 - i * 6} L ${x + 25} ${-40 - i * 6} L ${x + 50} ${10 - i * 6} Z" ${shape(paint, wing)}/>`;
  }
  return `
  <path d="M -150 120 C -300 160 -280 260 -200 250 L -240 230 L -190 215" ${shape(paint, body)}/>
  <path d="M -40 0 C -120 -220 -260 -200 -280 -150 C -220 -150 -200 -110 -190 -80 C -150 -110 -120 -80 -100 -40 Z" ${shape(paint, wing)}/>
  ${back}
  <ellipse cx="-30" cy="110" rx="170" ry="110" ${shape(paint, body)}/>
  <path d="M 80 60 C 120 -20 140 -80 130 -130 L 200 -130 C 200 -60 180 20 130 100 Z" ${shape(paint, body)}/>
  <ellipse cx="190" cy="-170" rx="95" ry="65" ${shape(paint, body)}/>
  <path d="M 150 -225 L 140 -290 L 185 -235 M 215 -230 L 230 -290 L 245 -228" ${shape(paint, wing)}/>
  ${eye(200, -190, 18, paint)}
  <circle cx="262" cy="-160" r="6" fill="${paint.ink}"/>
  <path d="M 230 -130 C 250 -120 270 -125 280 -140" ${line(paint)}/>
  <ellipse cx="-90" cy="215" rx="50" ry="30" ${shape(paint, body)}/>
  <ellipse cx="50" cy="215" rx="50" ry="30" ${shape(paint, body)}/>
  <path d="M -80 100 C -40 130 0 130 40 100" ${line(paint, paint.stroke * 0.7)}/>`;
};

const fish: Motif = (random, paint) => {
  const body = paint.fill();
  const fin = paint.fill();
  const stripes = 2 + Math.floor(random() * 3);
  let bands = '';
  for (let i = 0; i < stripes; i++) {
    const x = -60 + i * 55;
    bands += `<path d="M ${x} -95 C ${x + 30} -30 ${x + 30} 30 ${x} 95" ${line(paint, paint.stroke * 0.7)}/>`;
  }
  let bubbles = '';
  for (let i = 0; i < 4; i++)
    bubbles += `<circle cx="${220 + between(random, -20, 40)}" cy="${-120 - i * 55}" r="${10 + i * 5}" ${shape(paint, '#ffffff')}/>`;
  return `
  <path d="M -170 0 L -290 -110 L -270 0 L -290 110 Z" ${shape(paint, fin)}/>
  <path d="M -40 -110 C 0 -200 80 -190 110 -120 Z" ${shape(paint, fin)}/>
  <ellipse cx="0" cy="0" rx="200" ry="125" ${shape(paint, body)}/>
  ${bands}
  <path d="M -10 60 C 20 120 60 120 70 80 Z" ${shape(paint, fin)}/>
  ${eye(120, -30, 26, paint)}
  <path d="M 175 30 C 160 45 150 45 140 40" ${line(paint)}/>
  ${bubbles}
  <path d="M -300 240 C -200 200 -100 280 0 240 C 100 200 200 280 300 240" ${line(paint)}/>`;
};

const flower: Motif = (random, paint) => {
  const petals = 5 + Math.floor(random() * 4);
  const petal = paint.fill();
  let ring = '';
  for (let i = 0; i < petals; i++) {
    const angle = (360 / petals) * i;
    ring += `<ellipse cx="0" cy="-95" rx="45" ry="80" transform="translate(0 -90) rotate(${angle})" ${shape(paint, petal)}/>`;
  }
  return `
  <path d="M 0 0 C 20 100 -20 200 0 290" ${line(paint, paint.stroke * 1.6)}/>
  <path d="M 5 160 C 80 100 160 120 190 150 C 140 190 60 200 5 160 Z" ${shape(paint)}/>
  <path d="M -2 220 C -80 160 -160 180 -190 210 C -140 250 -60 260 -2 220 Z" ${shape(paint)}/>
  ${ring}
  <circle cx="0" cy="-90" r="60" ${shape(paint)}/>
  <circle cx="-20" cy="-105" r="8" fill="${paint.ink}"/><circle cx="20" cy="-80" r="8" fill="${paint.ink}"/><circle cx="15" cy="-115" r="8" fill="${paint.ink}"/>`;
};

const tree: Motif = (random, paint) => {
  const leaves = paint.fill();
  let crown = '';
  const blobs = 5 + Math.floor(random() * 3);
  for (let i = 0; i < blobs; i++) {
    const angle = (Math.PI * 2 * i) / blobs;
    crown += `<circle cx="${Math.cos(angle) * 120}" cy="${-130 + Math.sin(angle) * 80}" r="${between(random, 80, 105)}" ${shape(paint, leaves)}/>`;
  }
  let apples = '';
  for (let i = 0; i < 5; i++)
    apples += `<circle cx="${between(random, -160, 160)}" cy="${between(random, -220, -60)}" r="16" ${shape(paint)}/>`;
  return `
  <path d="M -45 280 L -30 0 L 30 0 L 45 280 Z" ${shape(paint)}/>
  ${crown}
  <circle cx="0" cy="-130" r="110" ${shape(paint, leaves)}/>
  ${apples}
  <path d="M -300 280 L 300 280" ${line(paint)}/>`;
};

const house: Motif = (random, paint) => {
  const wall = paint.fill();
  const roof = paint.fill();
  const chimney = between(random, 0, 1) > 0.5;
  return `
  ${chimney ? `<rect x="90" y="-230" width="55" height="110" ${shape(paint, roof)}/>` : ''}
  <rect x="-200" y="-60" width="400" height="320" ${shape(paint, wall)}/>
  <path d="M -250 -50 L 0 -260 L 250 -50 Z" ${shape(paint, roof)}/>
  <rect x="-45" y="110" width="90" height="150" rx="10" ${shape(paint)}/>
  <circle cx="25" cy="190" r="7" fill="${paint.ink}"/>
  <rect x="-160" y="10" width="90" height="80" ${shape(paint, '#ffffff')}/>
  <rect x="70" y="10" width="90" height="80" ${shape(paint, '#ffffff')}/>
  <path d="M -115 10 L -115 90 M -160 50 L -70 50 M 115 10 L 115 90 M 70 50 L 160 50" ${line(paint, paint.stroke * 0.7)}/>
  <circle cx="0" cy="-130" r="35" ${shape(paint, '#ffffff')}/>
  <path d="M -300 260 L 300 260" ${line(paint)}/>`;
};

const rocket: Motif = (random, paint) => {
  const hull = paint.fill();
  const fins = paint.fill();
  let stars = '';
  for (let i = 0; i < 6; i++) {
    const x = between(random, -290, 290);
    const y = between(random, -290, 200);
    if (Math.abs(x) < 130) continue;
    stars += `<path d="M ${x} ${y - 26} L ${x + 8} ${y - 8} L ${x + 26} ${y} L ${x + 8} ${y + 8} L ${x} ${y + 26} L ${x - 8} ${y + 8} L ${x - 26} ${y} L ${x - 8} ${y - 8} Z" ${shape(paint)}/>`;
  }
  return `
  ${stars}
  <path d="M -40 190 C -60 250 -20 290 0 300 C 20 290 60 250 40 190 Z" ${shape(paint)}/>
  <path d="M -80 80 L -170 200 L -80 190 Z M 80 80 L 170 200 L 80 190 Z" ${shape(paint, fins)}/>
  <path d="M 0 -290 C 110 -180 110 60 80 200 L -80 200 C -110 60 -110 -180 0 -290 Z" ${shape(paint, hull)}/>
  <path d="M -55 -190 C -20 -215 20 -215 55 -190" ${line(paint)}/>
  <circle cx="0" cy="-70" r="52" ${shape(paint, '#ffffff')}/>
  <circle cx="0" cy="-70" r="32" ${shape(paint)}/>
  <path d="M -90 110 L 90 110" ${line(paint)}/>`;
};

const bird: Motif = (random, paint) => {
  const body = paint.fill();
  const wing = paint.fill();
  const owl = between(random, 0, 1) > 0.5;
  return `
  <path d="M -260 250 L 260 250" ${line(paint, paint.stroke * 1.5)}/>
  <ellipse cx="0" cy="40" rx="165" ry="200" ${shape(paint, body)}/>
  <ellipse cx="0" cy="90" rx="95" ry="120" ${shape(paint, '#ffffff')}/>
  <path d="M -40 40 q 20 20 40 0 q 20 20 40 0 M -60 100 q 20 20 40 0 q 20 20 40 0 q 20 20 40 0" ${line(paint, paint.stroke * 0.6)}/>
  <path d="M -150 -20 C -230 60 -210 170 -130 200 C -140 120 -120 40 -150 -20 Z" ${shape(paint, wing)}/>
  <path d="M 150 -20 C 230 60 210 170 130 200 C 140 120 120 40 150 -20 Z" ${shape(paint, wing)}/>
  ${owl ? `<path d="M -120 -120 L -140 -230 L -60 -160 Z M 120 -120 L 140 -230 L 60 -160 Z" ${shape(paint, body)}/>` : ''}
  <circle cx="-60" cy="-90" r="${owl ? 55 : 35}" ${shape(paint, '#ffffff')}/>
  <circle cx="60" cy="-90" r="${owl ? 55 : 35}" ${shape(paint, '#ffffff')}/>
  <circle cx="-60" cy="-85" r="20" fill="${paint.ink}"/><circle cx="60" cy="-85" r="20" fill="${paint.ink}"/>
  <path d="M -25 -40 L 25 -40 L 0 0 Z" ${shape(paint)}/>
  <path d="M -50 240 l -20 20 M -50 240 l 0 25 M -50 240 l 20 20 M 50 240 l -20 20 M 50 240 l 0 25 M 50 240 l 20 20" ${line(paint)}/>`;
};

const butterfly: Motif = (random, paint) => {
  const upper = paint.fill();
  const lower = paint.fill();
  const dots = 2 + Math.floor(random() * 3);
  let spots = '';
  for (let i = 0; i < dots; i++) {
    const y = -150 + i * 60;
    spots += `<circle cx="-150" cy="${y}" r="22" ${shape(paint)}/><circle cx="150" cy="${y}" r="22" ${shape(paint)}/>`;
  }
  return `
  <path d="M -15 -20 C -150 -300 -330 -200 -250 -40 C -220 10 -100 10 -15 -20 Z" ${shape(paint, upper)}/>
  <path d="M 15 -20 C 150 -300 330 -200 250 -40 C 220 10 100 10 15 -20 Z" ${shape(paint, upper)}/>
  <path d="M -15 10 C -120 10 -260 80 -190 200 C -130 280 -40 160 -15 10 Z" ${shape(paint, lower)}/>
  <path d="M 15 10 C 120 10 260 80 190 200 C 130 280 40 160 15 10 Z" ${shape(paint, lower)}/>
  ${spots}
  <ellipse cx="0" cy="20" rx="28" ry="170" ${shape(paint)}/>
  <circle cx="0" cy="-160" r="38" ${shape(paint)}/>
  <path d="M -10 -195 C -40 -260 -80 -270 -100 -250 M 10 -195 C 40 -260 80 -270 100 -250" ${line(paint)}/>`;
};

const mandala: Motif = (random, paint) => {
  let rings = '';
  const count = 2 + Math.floor(random() * 2);
  for (let ring = count; ring >= 1; ring--) {
    const petals = 6 + Math.floor(random() * 6);
    const fill = paint.fill();
    for (let p = 0; p < petals; p++) {
      const angle = (360 / petals) * p + ring * 17;
      rings += `<ellipse cx="${ring * 85}" cy="0" rx="${between(random, 50, 70)}" ry="${between(random, 20, 32)}" transform="rotate(${angle})" ${shape(paint, fill)}/>`;
    }
  }
  return `${rings}<circle r="60" ${shape(paint)}/><circle r="28" ${shape(paint)}/>`;
};

const fox: Motif = (random, paint) => {
  const coat = paint.fill();
  const sit = between(random, 0, 1) > 0.5;
  return `
  <path d="M 120 ${sit ? 200 : 150} C 290 170 300 20 220 -30 C 230 60 180 110 120 ${sit ? 120 : 90} Z" ${shape(paint, coat)}/>
  <path d="M 262 20 C 250 -10 235 -25 220 -30 C 228 0 236 15 245 35 Z" ${shape(paint, '#ffffff')}/>
  <ellipse cx="0" cy="${sit ? 130 : 120}" rx="${sit ? 130 : 170}" ry="${sit ? 150 : 100}" ${shape(paint, coat)}/>
  <path d="M -55 ${sit ? 40 : 60} C -30 120 30 120 55 ${sit ? 40 : 60} C 30 90 -30 90 -55 ${sit ? 40 : 60} Z" ${shape(paint, '#ffffff')}/>
  <rect x="-90" y="${sit ? 230 : 190}" width="45" height="${sit ? 40 : 80}" rx="15" ${shape(paint, coat)}/>
  <rect x="45" y="${sit ? 230 : 190}" width="45" height="${sit ? 40 : 80}" rx="15" ${shape(paint, coat)}/>
  <path d="M -150 -190 L -110 -40 L 110 -40 L 150 -190 L 60 -110 L -60 -110 Z" ${shape(paint, coat)}/>
  <path d="M -130 -160 L -100 -90 L -75 -110 Z M 130 -160 L 100 -90 L 75 -110 Z" ${shape(paint, '#ffffff')}/>
  <path d="M -120 -90 C -90 0 -30 40 0 60 C 30 40 90 0 120 -90 C 60 -60 -60 -60 -120 -90 Z" ${shape(paint, coat)}/>
  <path d="M -60 -10 C -30 20 -10 40 0 60 C 10 40 30 20 60 -10 C 30 5 -30 5 -60 -10 Z" ${shape(paint, '#ffffff')}/>
  <ellipse cx="0" cy="55" rx="16" ry="11" fill="${paint.ink}"/>
  ${eye(-50, -40, 16, paint)}${eye(50, -40, 16, paint)}`;
};

const rabbit: Motif = (random, paint) => {
  const fur = paint.fill();
  const lop = between(random, 0, 1) > 0.6;
  const ears = lop
    ? `<ellipse cx="-110" cy="-110" rx="40" ry="110" transform="rotate(35 -110 -110)" ${shape(paint, fur)}/><ellipse cx="110" cy="-110" rx="40" ry="110" transform="rotate(-35 110 -110)" ${shape(paint, fur)}/>`
    : `<ellipse cx="-50" cy="-250" rx="38" ry="105" ${shape(paint, fur)}/><ellipse cx="-50" cy="-245" rx="16" ry="75" ${shape(paint, '#ffffff')}/><ellipse cx="50" cy="-250" rx="38" ry="105" ${shape(paint, fur)}/><ellipse cx="50" cy="-245" rx="16" ry="75" ${shape(paint, '#ffffff')}/>`;
  return `
  <circle cx="150" cy="190" r="40" ${shape(paint, '#ffffff')}/>
  <ellipse cx="0" cy="150" rx="150" ry="130" ${shape(paint, fur)}/>
  <ellipse cx="-80" cy="265" rx="60" ry="25" ${shape(paint, fur)}/><ellipse cx="80" cy="265" rx="60" ry="25" ${shape(paint, fur)}/>
  ${ears}
  <circle cx="0" cy="-90" r="110" ${shape(paint, fur)}/>
  ${eye(-40, -110, 18, paint)}${eye(40, -110, 18, paint)}
  <path d="M -12 -60 L 12 -60 L 0 -46 Z" ${shape(paint, paint.ink)}/>
  <path d="M 0 -46 C -8 -30 -25 -28 -32 -36 M 0 -46 C 8 -30 25 -28 32 -36" ${line(paint)}/>
  <path d="M -40 -55 L -120 -70 M -40 -48 L -120 -40 M 40 -55 L 120 -70 M 40 -48 L 120 -40" ${line(paint, paint.stroke * 0.5)}/>`;
};

const hedgehog: Motif = (random, paint) => {
  const spines = paint.fill();
  const face = paint.fill();
  const count = 9 + Math.floor(random() * 4);
  let quills = '';
  for (let i = 0; i < count; i++) {
    const a = Math.PI * (1.05 + (0.9 * i) / (count - 1));
    const x = Math.cos(a) * 190 - 30;
    const y = Math.sin(a) * 150 + 110;
    const tx = Math.cos(a) * 290 - 30;
    const ty = Math.sin(a) * 240 + 110;
    const nx = Math.cos(a + 0.18) * 190 - 30;
    const ny = Math.sin(a + 0.18) * 150 + 110;
    quills += `<path d="M ${x.toFixed(1)} ${y.toFixed(1)} L ${tx.toFixed(1)} ${ty.toFixed(1)} L ${nx.toFixed(1)} ${ny.toFixed(1)} Z" ${shape(paint, spines)}/>`;
  }
  return `
  ${quills}
  <ellipse cx="-30" cy="120" rx="200" ry="140" ${shape(paint, spines)}/>
  <path d="M 80 40 C 200 40 280 100 290 140 C 250 200 150 220 80 220 Z" ${shape(paint, face)}/>
  <circle cx="292" cy="140" r="16" fill="${paint.ink}"/>
  ${eye(180, 100, 16, paint)}
  <ellipse cx="-110" cy="255" rx="45" ry="22" ${shape(paint, face)}/><ellipse cx="60" cy="255" rx="45" ry="22" ${shape(paint, face)}/>`;
};

const lighthouse: Motif = (random, paint) => {
  const tower = paint.fill();
  const stripe = paint.fill();
  const rocks = paint.fill();
  const beams = between(random, 0, 1) > 0.3;
  return `
  ${beams ? `<path d="M 0 -200 L -300 -290 L -300 -160 Z M 0 -200 L 300 -290 L 300 -160 Z" ${shape(paint, '#ffffff')}/>` : ''}
  <path d="M -300 300 C -250 200 -150 180 -90 210 C -40 170 60 170 110 210 C 170 180 260 200 300 300 Z" ${shape(paint, rocks)}/>
  <path d="M -90 230 L -60 -140 L 60 -140 L 90 230 Z" ${shape(paint, tower)}/>
  <path d="M -82 130 L 82 130 L 77 70 L -77 70 Z M -72 10 L 72 10 L 68 -40 L -68 -40 Z" ${shape(paint, stripe)}/>
  <rect x="-85" y="-160" width="170" height="25" ${shape(paint)}/>
  <rect x="-50" y="-240" width="100" height="80" ${shape(paint, '#fff6b0')}/>
  <path d="M -70 -240 L 0 -300 L 70 -240 Z" ${shape(paint, stripe)}/>
  <path d="M -20 230 L -20 170 Q 0 150 20 170 L 20 230" ${shape(paint)}/>`;
};

/** Subjects by the words a prompt uses for them; the first subject named wins. */
export const MOTIFS: ReadonlyArray<{ name: string; words: RegExp; draw: Motif }> = [
  { name: 'fox', words: /\b(fox|foxes|wolf|wolves)\b/i, draw: fox },
  { name: 'rabbit', words: /\b(rabbits?|bunny|bunnies|hares?)\b/i, draw: rabbit },
  { name: 'hedgehog', words: /\b(hedgehogs?|porcupines?)\b/i, draw: hedgehog },
  { name: 'lighthouse', words: /\b(lighthouses?|coast|harbou?r)\b/i, draw: lighthouse },
  { name: 'cat', words: /\b(cats?|kittens?|kitty|lions?|tigers?)\b/i, draw: cat },
  { name: 'dog', words: /\b(dogs?|puppy|puppies|pup|bears?|teddy)\b/i, draw: dog },
  { name: 'dragon', words: /\b(dragons?|dinosaurs?|dino|monsters?|lizards?)\b/i, draw: dragon },
  {
    name: 'fish',
    words: /\b(fish|fishes|ocean|sea|whales?|sharks?|underwater|dolphins?|aquarium)\b/i,
    draw: fish,
  },
  {
    name: 'flower',
    words: /\b(flowers?|garden|roses?|bloom|blossoms?|spring|bees?|daisy|daisies|tulips?)\b/i,
    draw: flower,
  },
  { name: 'tree', words: /\b(trees?|forest|woods|jungle|apples?|autumn|nature)\b/i, draw: tree },
  { name: 'house', words: /\b(house|houses|home|castle|village|town|city|cottage)\b/i, draw: house },
  {
    name: 'rocket',
    words: /\b(rockets?|space|stars?|planets?|moon|astronauts?|galaxy|universe)\b/i,
    draw: rocket,
  },
  { name: 'bird', words: /\b(birds?|owls?|parrots?|penguins?|chicks?|ducks?|eagles?)\b/i, draw: bird },
  { name: 'butterfly', words: /\b(butterfly|butterflies|moths?|insects?|bugs?)\b/i, draw: butterfly },
];

/** Every subject a prompt names, in the order it names them; the mandala when it names none. */
export function motifsIn(prompt: string): Array<{ name: string; draw: Motif }> {
  const found = MOTIFS.map((motif) => ({ ...motif, at: prompt.search(motif.words) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at);
  return found.length > 0
    ? found.map(({ name, draw }) => ({ name, draw }))
    : [{ name: 'mandala', draw: mandala }];
}

/** The motif a prompt is about (by the earliest subject word it contains), or the mandala. */
export function motifFor(prompt: string): { name: string; draw: Motif } {
  return motifsIn(prompt)[0] ?? { name: 'mandala', draw: mandala };
}

/** A child standing, waving, in their own colours: the kids book's character on every page. */
export function childFigure(look: CharacterLook, random: Random, paint: Paint): string {
  const wave = between(random, -30, 10);
  const hairBack =
    look.hairStyle === 'long'
      ? `<path d="M -118 -150 C -150 -20 -120 40 -90 50 L 90 50 C 120 40 150 -20 118 -150 Z" ${shape(paint, look.hair)}/>`
      : look.hairStyle === 'bunches'
        ? `<circle cx="-125" cy="-150" r="42" ${shape(paint, look.hair)}/><circle cx="125" cy="-150" r="42" ${shape(paint, look.hair)}/>`
        : '';
  const hairTop =
    look.hairStyle === 'curly'
      ? [-80, -40, 0, 40, 80]
          .map(
            (x) => `<circle cx="${x}" cy="${-225 + Math.abs(x) * 0.4}" r="40" ${shape(paint, look.hair)}/>`,
          )
          .join('')
      : `<path d="M -105 -150 C -110 -260 110 -260 105 -150 C 60 -190 -20 -200 -105 -150 Z" ${shape(paint, look.hair)}/>`;
  return `
  ${hairBack}
  <path d="M -60 250 L -55 330 M 60 250 L 55 330" ${line(paint, paint.stroke * 2.4)}/>
  <ellipse cx="-62" cy="335" rx="34" ry="16" ${shape(paint, paint.ink)}/><ellipse cx="62" cy="335" rx="34" ry="16" ${shape(paint, paint.ink)}/>
  <path d="M -85 -20 L 85 -20 L 120 260 L -120 260 Z" ${shape(paint, look.outfit)}/>
  <path d="M -80 10 C -150 60 -170 120 -160 170" ${line(paint, paint.stroke * 2.2)}/>
  <path d="M 80 10 C 150 ${-40 + wave} 180 ${-90 + wave} 190 ${-140 + wave}" ${line(paint, paint.stroke * 2.2)}/>
  <circle cx="-160" cy="178" r="20" ${shape(paint, look.skin)}/><circle cx="192" cy="${-148 + wave}" r="20" ${shape(paint, look.skin)}/>
  <circle cx="0" cy="-130" r="110" ${shape(paint, look.skin)}/>
  ${hairTop}
  ${eye(-38, -130, 20, paint)}${eye(38, -130, 20, paint)}
  <circle cx="-68" cy="-95" r="14" fill="#f4a3a3" opacity="0.7"/><circle cx="68" cy="-95" r="14" fill="#f4a3a3" opacity="0.7"/>
  <path d="M -35 -80 Q 0 -50 35 -80" ${line(paint)}/>`;
}
