// Async boundary: Module Federation resolves the shared singletons before bootstrap runs (ARCHITECTURE §1).
import('./bootstrap');
