/** Test double of `../searchClient` (`jest.mock('../api/searchClient')`): each test says what it returns (`mountApp`: `o.client`). */
import type { SearchClient } from '../types';

export const createSearchClient = jest.fn<SearchClient, unknown[]>();
