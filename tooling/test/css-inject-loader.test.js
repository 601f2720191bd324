/**
 * The preset's CSS loader (tooling/webpack/css-inject-loader.js): what a remote's `import './x.css'`
 * becomes in its bundle.
 */
const loader = require('../webpack/css-inject-loader.js');

const run = (css) => loader.call({ resourcePath: '/repo/mf-x/src/x.css' }, css);

describe('css-inject-loader', () => {
  it('injects the CSS without comments or spare whitespace, and leaves quoted text as written', () => {
    const css = '/* header */\n.a  >  .b {\n  content: "two  spaces";\n  grid-template-areas: "a  b";\n}\n.c,\n.d { color: red; }\n';
    expect(loader.minifyCss(css)).toBe('.a>.b{content:"two  spaces";grid-template-areas:"a  b"}.c,.d{color:red}');
    const out = run(css);
    expect(out).toContain('inject-style.js');
    expect(out).toContain(JSON.stringify('.a>.b{content:"two  spaces";grid-template-areas:"a  b"}.c,.d{color:red}'));
  });

  it('minifies after a comment with an apostrophe as well (it is not the start of a quoted string)', () => {
    const css = "/* the shopper's list */\n.a {\n  color: red;\n}\n/* it's done */\n.b { content: 'x  y'; }\n";
    expect(loader.minifyCss(css)).toBe(".a{color:red}.b{content:'x  y'}");
  });

  it('stops the build on @import and url(), naming the file', () => {
    expect(() => run('@import "other.css";')).toThrow('/repo/mf-x/src/x.css: @import is not supported');
    expect(() => run('.a { background: url(x.png); }')).toThrow('/repo/mf-x/src/x.css: url() is not supported');
  });
});
