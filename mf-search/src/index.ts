// Async boundary so Module Federation can negotiate the shared singletons first (ARCHITECTURE §1).
import('./bootstrap');
