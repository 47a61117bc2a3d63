// Sidebar and mobile menu links, exactly as spec 01 §2.2 lists them.
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
  Settings,
  Sparkles,
  Tags,
  User,
  Wand2,
  Wrench,
} from 'lucide-react';

export type NavBadge = 'New' | 'Legacy' | 'Dev';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  badge?: NavBadge;
}

export interface NavSection {
  title: string;
  items: readonly NavItem[];
}

/** Desktop help goes to the public help page; the mobile menu's goes to the in-app one. */
export const DESKTOP_HELP_PATH = '/help-support-page';
export const MOBILE_HELP_PATH = '/help-support';

export function navSections(helpPath: string): readonly NavSection[] {
  return [
    {
      title: 'Main',
      items: [
        { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
        { to: '/non-fiction-gen2', label: 'Non-Fiction Gen 2.0', icon: BookText, badge: 'New' },
        { to: '/kdp-listing-generator', label: 'KDP Listing Generator', icon: Tags, badge: 'New' },
        { to: '/coloring-book-generator', label: 'Coloring Book Generator', icon: Palette, badge: 'New' },
        { to: '/coloring-book-page-generator', label: 'Coloring Page Generator', icon: Brush, badge: 'New' },
        { to: '/image-generator-v2', label: 'Image Generator v2', icon: Sparkles, badge: 'New' },
        { to: '/image-editor', label: 'AI Image Editor', icon: Wand2, badge: 'New' },
        { to: '/kids-book-generator', label: 'Kids Book Generator', icon: BookOpen, badge: 'New' },
      ],
    },
    {
      title: 'My Content',
      items: [
        { to: '/my-books', label: 'My Books', icon: Library },
        { to: '/my-listings', label: 'My KDP Listings', icon: FileText },
        { to: '/my-images', label: 'My Images', icon: Images },
      ],
    },
    {
      title: 'Account',
      items: [
        { to: '/profile', label: 'Profile', icon: User },
        { to: '/settings', label: 'Settings', icon: Settings },
        { to: helpPath, label: 'Help & Support', icon: CircleHelp },
      ],
    },
    {
      title: 'Legacy Models',
      items: [{ to: '/non-fiction-book', label: 'Non-fiction Book Writer', icon: PenTool, badge: 'Legacy' }],
    },
  ];
}

/** Shown only when the server says the user is an admin; never in the mobile menu. */
export const ADMIN_ITEM: NavItem = { to: '/admin-tools', label: 'Admin Tools', icon: Wrench, badge: 'Dev' };
