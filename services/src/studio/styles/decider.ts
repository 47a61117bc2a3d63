import { SAVED_STYLE_LIMITS, STYLE_MESSAGES, type StyleEvent } from '@studio/events';
import { assertNever, type Decider } from '../../platform/decider';
import { DomainError } from '../../platform/errors';

/** One saved style as its account keeps it. */
export interface SavedStyle {
  name: string;
  description: string;
  referenceBlobId?: string;
  createdAt: string;
}

/** An account's saved styles (`styles-{userId}`), by id: what the limit counts and a request uses. */
export interface StylesState {
  styles: Readonly<Record<string, SavedStyle>>;
}

export type StylesCommand =
  | {
      type: 'SaveStyle';
      styleId: string;
      userId: string;
      name: string;
      description: string;
      referenceBlobId?: string;
    }
  | { type: 'DeleteStyle'; styleId: string; userId: string };

/**
 * The limit is decided on the account's one stream, so two saves at once at the limit are counted
 * one after the other: the second finds the account full (docs/product/creation-tools-qr.md (Screens and routes: Styles)).
 */
export const stylesDecider: Decider<StylesCommand, StyleEvent, StylesState> = {
  initialState: { styles: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'StyleSaved': {
        const { styleId, name, description, referenceBlobId } = event.data;
        const style: SavedStyle = {
          name,
          description,
          ...(referenceBlobId ? { referenceBlobId } : {}),
          createdAt: event.metadata.occurredAt,
        };
        return { styles: { ...state.styles, [styleId]: style } };
      }
      case 'StyleDeleted': {
        const { [event.data.styleId]: _gone, ...styles } = state.styles;
        return { styles };
      }
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SaveStyle': {
        if (Object.hasOwn(state.styles, command.styleId)) return [];
        if (Object.keys(state.styles).length >= SAVED_STYLE_LIMITS.perAccount)
          throw new DomainError('CONFLICT', STYLE_MESSAGES.limit);
        const { type: _type, ...data } = command;
        return [{ type: 'StyleSaved', data }];
      }
      case 'DeleteStyle':
        if (!Object.hasOwn(state.styles, command.styleId))
          throw new DomainError('NOT_FOUND', STYLE_MESSAGES.notFound);
        return [{ type: 'StyleDeleted', data: { styleId: command.styleId, userId: command.userId } }];
      default:
        return assertNever(command);
    }
  },
};
