/**
 * The tiles of /home (首页), registered by the modules that own their figures: a module's index.ts
 * imports a small file that calls `registerHomeTiles(...)` (titles and authorities only; `load`
 * imports the module's code lazily). The home page shows, in `order`, the tiles whose authority the
 * user holds and whose `load` gives a figure.
 */

/** What a tile shows once loaded: a number, a line under it, and the list it opens. */
export interface HomeTileFigure {
  value: number;
  /** Console path (with query) the tile opens. */
  to: string;
  hint?: string;
  /** Colour of a non-zero figure. */
  tone?: 'default' | 'warning' | 'danger';
}

export interface HomeTile {
  /** Unique across modules, e.g. `orders-overdue`. */
  key: string;
  title: string;
  /** Code the user must hold to see the tile. */
  authority: string;
  /** Position on the page (smaller first). */
  order: number;
  /** The figure; null when the server says the user may not see it. */
  load: () => Promise<HomeTileFigure | null>;
  /**
   * Live tiles: called while the tile is shown, calls `show` with the new figure whenever it changes
   * (pushed by the server, never polled); returns the function that stops it.
   */
  watch?: (show: (figure: HomeTileFigure) => void) => () => void;
}

/** A `watch` whose code is imported lazily: `start` resolves to the stop function; stopping before it has loaded stops it as it arrives. */
export function lazyWatch(start: () => Promise<() => void>): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  void start().then((loaded) => {
    if (stopped) loaded();
    else stop = loaded;
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

const tiles = new Map<string, HomeTile>();

/** Adds tiles to the home page; a key registered again replaces its tile (a module reloaded in development). */
export function registerHomeTiles(...added: HomeTile[]): void {
  for (const tile of added) tiles.set(tile.key, tile);
}

/** The registered tiles a user holding `can` may see, in order. */
export function homeTilesFor(can: (code: string) => boolean): HomeTile[] {
  return [...tiles.values()].filter((tile) => can(tile.authority)).sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}
