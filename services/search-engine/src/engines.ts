/** All indices of the application (the `Engine`), their listing, copy and move. */
import { Index } from './engine';
import type { IndexSummary, OperationParams } from './engine-types';
import { ApiError, badRequest } from './errors';
import { nowIso } from './records';

/**
 * All indices of the application plus the task counter. Every write is applied synchronously, so
 * each task is `published` as soon as its taskID is returned.
 */
export class Engine {
  private indices = new Map<string, Index>();
  private lastTask = 0;

  /** A fresh task id (monotonic integer). */
  nextTaskID(): number {
    this.lastTask += 1;
    return this.lastTask;
  }

  /** Whether a task id was ever issued. */
  knowsTask(taskID: number): boolean {
    return Number.isInteger(taskID) && taskID > 0 && taskID <= this.lastTask;
  }

  /** The index, or undefined. */
  find(name: string): Index | undefined {
    return this.indices.get(name);
  }

  /** The index; throws 404 "Index does not exist" when missing. */
  get(name: string): Index {
    const idx = this.indices.get(name);
    if (!idx) throw new ApiError(404, 'Index does not exist');
    return idx;
  }

  /** The index, created empty when missing (writes create indices, as in Algolia). */
  getOrCreate(name: string): Index {
    if (typeof name !== 'string' || name === '' || name.length > 512) throw badRequest('Invalid index name');
    let idx = this.indices.get(name);
    if (!idx) {
      idx = new Index(name);
      this.indices.set(name, idx);
    }
    return idx;
  }

  /** Deletes an index; returns whether it existed. */
  delete(name: string): boolean {
    return this.indices.delete(name);
  }

  /** All indices, sorted by name. */
  list(): IndexSummary[] {
    return [...this.indices.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((i) => ({
        name: i.name,
        createdAt: i.createdAt,
        updatedAt: i.updatedAt,
        entries: i.size,
        dataSize: 0,
        fileSize: 0,
        lastBuildTimeS: 0,
        numberOfPendingTasks: 0,
        pendingTask: false,
      }));
  }

  /**
   * Copy or move an index (Algolia semantics): copy of a missing source creates an empty
   * destination; move of a missing source is ignored; a scoped copy only replaces the destination's
   * settings and/or rules (synonyms are not supported and are ignored).
   */
  operation(source: string, params: OperationParams): void {
    if (!params || typeof params !== 'object') throw badRequest('Invalid operation');
    const { operation, destination, scope } = params;
    if (operation !== 'copy' && operation !== 'move') throw badRequest(`Invalid operation: ${String(operation)}`);
    if (typeof destination !== 'string' || destination === '') throw badRequest('Invalid destination');
    if (scope !== undefined && (!Array.isArray(scope) || !scope.every((s) => ['settings', 'synonyms', 'rules'].includes(s)))) {
      throw badRequest('Invalid scope');
    }
    if (source === destination) return;
    const src = this.indices.get(source);
    if (operation === 'move') {
      if (!src) return;
      this.indices.delete(source);
      src.name = destination;
      src.updatedAt = nowIso();
      this.indices.set(destination, src);
      return;
    }
    if (scope && scope.length > 0) {
      const dest = this.getOrCreate(destination);
      if (scope.includes('settings')) dest.replaceSettings(src ? src.rawSettings() : {});
      if (scope.includes('rules')) dest.rules.replaceAll(src ? src.rules.all() : []);
      return;
    }
    const dest = new Index(destination);
    if (src) {
      dest.replaceSettings(src.rawSettings());
      dest.rules.replaceAll(src.rules.all());
      for (const rec of src.all()) dest.save(rec);
    }
    this.indices.set(destination, dest);
  }
}
