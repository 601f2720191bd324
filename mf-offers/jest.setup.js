// findBy*/waitFor wait up to 5 s (default 1 s): page tests render Lena's 25 offers in jsdom, which is
// slow when the machine is busy (CI in the background). Passing tests are not slower.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
