// Sizes of the signed-in chrome, shared by the layout (a lazy chunk) and its skeleton (first load).
export const SIDEBAR_WIDTH_PX = 292;
export const TOP_BAR_HEIGHT_PX = 56;
