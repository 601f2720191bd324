/** Compile-time constants defined by the webpack preset (tooling/webpack/preset.js). */
declare const __REMOTE_NAME__: string;
declare const __REMOTE_VERSION__: string;
/** Module Federation name of the package (e.g. 'mf_header'), as in the remote registry. */
declare const __REMOTE_MF_NAME__: string;
declare module '*.css';
