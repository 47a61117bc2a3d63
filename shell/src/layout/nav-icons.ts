// Nav icon names (kit's NavIconName) to components. Lives in the lazily loaded layout chunk, so
// the icons never weigh on the first load.
import type { NavIconName } from '@studio/kit';
import {
  BookOpen,
  BookText,
  Brush,
  CircleHelp,
  FileText,
  Images,
  LayoutDashboard,
  Library,
  type LucideIcon,
  Palette,
  PenTool,
  QrCode,
  Settings,
  Sparkles,
  Tags,
  User,
  Wand2,
  Wrench,
} from 'lucide-react';

export const NAV_ICONS: Record<NavIconName, LucideIcon> = {
  BookOpen,
  BookText,
  Brush,
  CircleHelp,
  FileText,
  Images,
  LayoutDashboard,
  Library,
  Palette,
  PenTool,
  QrCode,
  Settings,
  Sparkles,
  Tags,
  User,
  Wand2,
  Wrench,
};

/** A remote built against a newer kit may name an icon this shell lacks: draw a plain dot. */
export function navIcon(name: NavIconName): LucideIcon | undefined {
  return NAV_ICONS[name];
}
