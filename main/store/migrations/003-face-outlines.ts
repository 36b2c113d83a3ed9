import type { Migration } from './index.ts';

/**
 * The face outline of each view of a session, recorded when the view's first still is stored
 * (docs/ui.md, "Face guide"): on the customer's next visit the capture screen draws it
 * so the pose can be matched (issue 8). Points are a polygon normalised 0..1 to the preview frame
 * the face was checked in. Rows cascade with their session, so retention of sessions and a
 * customer's deletion on request take them along.
 */
export const migration003: Migration = {
  version: 3,
  name: 'face-outlines',
  up(db) {
    db.exec(`
      CREATE TABLE face_outlines (
        session_id   TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        view         TEXT NOT NULL CHECK (view IN ('front', 'left', 'right')),
        -- JSON array of [x, y] pairs, each 0..1 of the preview frame's width and height.
        points       TEXT NOT NULL,
        -- landmarks: the face oval of the landmark model; box: the face box's corners.
        source       TEXT NOT NULL CHECK (source IN ('landmarks', 'box')),
        recorded_at  INTEGER NOT NULL,
        PRIMARY KEY (session_id, view)
      );
    `);
  },
};
