/**
 * A Map that keeps at most `max` entries and forgets the oldest first: the
 * per-process memos (decoded tokens, verified cookies, site-map lookups,
 * inline strings, cached pages) that a stream of new keys from visitors must
 * not grow without end. Writing a key again makes it the newest.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  private readonly max: number;

  constructor(max: number) {
    super();
    this.max = max;
  }

  override set(key: K, value: V): this {
    if (this.has(key)) this.delete(key);
    else if (this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
