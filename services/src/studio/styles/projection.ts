import { defineProjection } from '../../platform/runners/projector';

export const SAVED_STYLES = 'saved_styles';

/** A row of the "My styles" list. */
export type SavedStyleDoc = {
  _id: string;
  userId: string;
  name: string;
  description: string;
  referenceBlobId?: string;
  createdAt: string;
};

/** The saved styles of every account, listed by owner. */
export const savedStylesProjection = defineProjection({
  name: 'saved-styles',
  collections: [SAVED_STYLES],
  handles: ['StyleSaved', 'StyleDeleted'],
  indexes: [{ collection: SAVED_STYLES, fields: ['userId'] }],
  project(event) {
    if (event.type === 'StyleDeleted')
      return [{ op: 'delete', collection: SAVED_STYLES, id: event.data.styleId }];
    const { styleId, userId, name, description, referenceBlobId } = event.data;
    const doc: SavedStyleDoc = {
      _id: styleId,
      userId,
      name,
      description,
      ...(referenceBlobId ? { referenceBlobId } : {}),
      createdAt: event.metadata.occurredAt,
    };
    return [{ op: 'put', collection: SAVED_STYLES, doc }];
  },
});
