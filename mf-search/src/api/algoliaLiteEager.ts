/**
 * For './results' only: the results page searches as soon as it mounts, so its chunk imports
 * `algoliasearch/lite` statically (MF loads the shared module in parallel with the chunk) and hands it
 * to `loadAlgoliaLite`. The header search box ('./spa') must not import this file.
 */
import { liteClient } from 'algoliasearch/lite';
import { provideAlgoliaLite } from './algoliaLite';

provideAlgoliaLite({ liteClient });
