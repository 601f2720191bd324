// Async boundary: the MF runtime negotiates shared singletons before the shell's code runs.
import('./bootstrap');
