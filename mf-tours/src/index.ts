// Async boundary so Module Federation can negotiate shared singletons first (ARCHITECTURE §1).
import('./bootstrap');
