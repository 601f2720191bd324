// The Trusted Types policy first (the build also inlines it in the HTML; here it finds it made).
import './trusted-types';
// Async boundary: the MF runtime negotiates shared singletons before the shell's code runs.
import('./bootstrap');
