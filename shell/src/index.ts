// The Trusted Types policy is not imported here: the build inlines src/trusted-types.ts as the HTML's
// first script, so it exists before this file loads (one copy on the page).
// Async boundary: the MF runtime negotiates shared singletons before the shell's code runs.
import('./bootstrap');
