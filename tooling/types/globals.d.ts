/** Compile-time constants defined by the webpack preset (tooling/webpack/preset.js). */
declare const __REMOTE_NAME__: string;
declare const __REMOTE_VERSION__: string;
declare module '*.css';
