// Puts maxbennedich's Java Onitama engine (https://github.com/maxbennedich/onitama) behind this
// project's engine protocol (README, "The engine protocol"), so that `onitama-cli match` can play it.
//
// This file is the project's own code. The engine's code is NOT part of the project: this class is
// compiled against a checkout of its public repository, outside the project, by
// scripts/against-java.sh, and calls only the engine's public classes (Searcher, SearchParameters,
// TranspositionTable, AIUtils, GameState, CardState, Card, Move).
//
// Protocol (stdin/stdout, one command a line):
//   newgame                                   (nothing to forget: every search starts afresh)
//   position <position> [moves <move> ...]    our position and move notation (RULES.md, Part 3)
//   go movetime <ms> | go depth <n>           answers "info depth D score S nodes N" then "bestmove <move>"
//   quit                                      prints a summary on stderr: searches, mean depth, mean time
// Two more commands serve the move-generation check (not used by `match`):
//   legal <position>                          "legal <move> <move> ..." as the Java generator sees them
//   perft <depth> <position>                  "perft <count>", counted by RULES.md's definition
//
// How the notations map (checked against RULES.md and the engine's model classes):
//   - squares: the engine's (x, y) has y = 0 on rank 5 (Blue's home row) and x = 0 on file a, so
//     our square <file><rank> is x = file - 'a', y = 5 - rank; its board string lists rank 5 first,
//     files a to e, '.' for empty, as our board field does with the digits spelled out;
//   - players: the engine's player 0 is Red ('r'/'R', starts on rank 1, wins on c5), player 1 Blue;
//   - cards: the engine's Card enum carries the same 34 cards under the same names (capitalised,
//     "Sea Snake" for our sea-snake); its offsets have dy negative for forward, ours positive: the
//     same cards but one. Its Turtle moves like its Phoenix (both forward diagonals), where the
//     published Turtle steps back: the bridge refuses turtle rather than play another card;
//   - hands: red hand -> playerCards[0], blue hand -> playerCards[1], side card -> nextCard.
//
// What the engine lacks and this bridge supplies:
//   - passing (RULES.md, "When you cannot move"): the engine never generates a pass. When the side to
//     move has no jump, the bridge searches the position after each of the two passes (half the time
//     each, from the opponent's side) and gives up the card that leaves the opponent the lower score;
//   - repetition: the engine does not know the game's history; the bridge does not add it.
// Every `go` starts a new Searcher with the engine's own suggested table size for its limits
// (TranspositionTable.getSuggestedSize), single-threaded and without pondering, as its AIPlayer does.
// Before reading input the bridge searches one position for about half a second (set with
// -Dbridge.warmupMs=N), so that the JVM's just-in-time compiler does not handicap the first game.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import onitama.ai.AIUtils;
import onitama.ai.Searcher;
import onitama.ai.TranspositionTable;
import onitama.common.Utils;
import onitama.model.Card;
import onitama.model.CardState;
import onitama.model.GameState;
import onitama.model.Move;
import onitama.model.Pair;
import onitama.model.SearchParameters;

public class JavaEngineBridge {
    /** A position in the engine's terms, plus whose turn it is. */
    static final class Pos {
        char[] board = new char[25]; // index y * 5 + x; y = 0 is rank 5
        Card[][] hands = new Card[2][2];
        Card side;
        int toMove; // 0 = Red, 1 = Blue

        Pos copy() {
            Pos p = new Pos();
            p.board = board.clone();
            p.hands[0] = hands[0].clone();
            p.hands[1] = hands[1].clone();
            p.side = side;
            p.toMove = toMove;
            return p;
        }

        String boardString() {
            return new String(board);
        }

        CardState cardState() {
            return new CardState(hands, side);
        }
    }

    static Card card(String name) {
        if (name.equals("turtle")) {
            throw new IllegalArgumentException("the engine's turtle is not the published card (it moves like phoenix)");
        }
        Card c = name.matches("[a-z]+(-[a-z]+)?") ? Card.getByName(name.replace('-', ' ')) : null;
        if (c == null) throw new IllegalArgumentException("unknown card '" + name + "'");
        return c;
    }

    static String name(Card c) {
        return c.name.toLowerCase().replace(' ', '-');
    }

    static String square(int x, int y) {
        return "" + (char) ('a' + x) + (char) ('5' - y);
    }

    /** Square text -> board index (y * 5 + x). */
    static int index(String sq) {
        if (sq.length() != 2) throw new IllegalArgumentException("bad square '" + sq + "'");
        int x = sq.charAt(0) - 'a', rank = sq.charAt(1) - '0';
        if (x < 0 || x > 4 || rank < 1 || rank > 5) throw new IllegalArgumentException("bad square '" + sq + "'");
        return (5 - rank) * 5 + x;
    }

    /** Our position notation: "<board> <red cards> <blue cards> <side card> <r|b>". */
    static Pos parsePosition(List<String> f) {
        if (f.size() != 5) throw new IllegalArgumentException("a position has five fields, not " + f.size());
        Pos p = new Pos();
        String[] ranks = f.get(0).split("/");
        if (ranks.length != 5) throw new IllegalArgumentException("the board needs five ranks");
        for (int y = 0; y < 5; ++y) {
            int x = 0;
            for (char c : ranks[y].toCharArray()) {
                if (c >= '1' && c <= '5') {
                    for (int k = 0; k < c - '0'; ++k) put(p, x++, y, '.');
                } else if ("rRbB".indexOf(c) >= 0) {
                    put(p, x++, y, c);
                } else {
                    throw new IllegalArgumentException("bad board character '" + c + "'");
                }
            }
            if (x != 5) throw new IllegalArgumentException("rank " + (5 - y) + " does not add up to five squares");
        }
        for (int player = 0; player < 2; ++player) {
            String[] hand = f.get(1 + player).split(",");
            if (hand.length != 2) throw new IllegalArgumentException("a hand is two cards");
            p.hands[player][0] = card(hand[0]);
            p.hands[player][1] = card(hand[1]);
        }
        p.side = card(f.get(3));
        switch (f.get(4)) {
            case "r": p.toMove = 0; break;
            case "b": p.toMove = 1; break;
            default: throw new IllegalArgumentException("side to move is r or b");
        }
        return p;
    }

    static void put(Pos p, int x, int y, char c) {
        if (x > 4) throw new IllegalArgumentException("rank " + (5 - y) + " has more than five squares");
        p.board[y * 5 + x] = c;
    }

    /** Plays one move in our notation (checked only as far as a forwarded game needs). */
    static void play(Pos p, String text) {
        int colon = text.indexOf(':');
        if (colon < 0) throw new IllegalArgumentException("bad move '" + text + "'");
        Card used = card(text.substring(0, colon));
        int slot = p.hands[p.toMove][0] == used ? 0 : p.hands[p.toMove][1] == used ? 1 : -1;
        if (slot < 0) throw new IllegalArgumentException("move '" + text + "': the side to move does not hold " + name(used));
        String rest = text.substring(colon + 1);
        if (!rest.equals("pass")) {
            if (rest.length() != 4) throw new IllegalArgumentException("bad move '" + text + "'");
            int from = index(rest.substring(0, 2)), to = index(rest.substring(2));
            char piece = p.board[from];
            boolean own = p.toMove == 0 ? (piece == 'r' || piece == 'R') : (piece == 'b' || piece == 'B');
            if (!own) throw new IllegalArgumentException("move '" + text + "': no piece of the side to move on its square");
            p.board[to] = piece;
            p.board[from] = '.';
        }
        p.hands[p.toMove][slot] = p.side;
        p.side = used;
        p.toMove = 1 - p.toMove;
    }

    static String moveText(Move m) {
        return name(m.card) + ":" + square(m.px, m.py) + square(m.nx, m.ny);
    }

    /** The engine's own list of moves (jumps only; it has no passes), each with its resulting state. */
    static List<Pair<Move, GameState>> engineMoves(Pos p) {
        return AIUtils.getPossibleMoves(p.toMove, new GameState(p.boardString(), p.cardState()));
    }

    /** The legal moves: the engine's jumps, or, when it finds none, the two passes. */
    static List<String> legal(Pos p) {
        List<String> out = new ArrayList<>();
        for (Pair<Move, GameState> m : engineMoves(p)) out.add(moveText(m.p));
        if (out.isEmpty()) {
            for (Card c : p.hands[p.toMove]) out.add(name(c) + ":pass");
        }
        Collections.sort(out);
        return out;
    }

    static Pos fromGameState(GameState gs, int toMove) {
        Pos p = new Pos();
        p.board = gs.board.replace(' ', '.').toCharArray(); // AIUtils writes empty squares as ' '
        p.hands[0] = gs.cardState.playerCards[0].clone();
        p.hands[1] = gs.cardState.playerCards[1].clone();
        p.side = gs.cardState.nextCard;
        p.toMove = toMove;
        return p;
    }

    /** RULES.md's perft, with the engine's generator and state transition at every node. */
    static long perft(Pos p, int depth) {
        if (depth == 0) return 1;
        if (new GameState(p.boardString(), p.cardState()).playerWon() != -1) return 0;
        List<Pair<Move, GameState>> moves = engineMoves(p);
        long count = 0;
        if (moves.isEmpty()) {
            for (Card c : p.hands[p.toMove]) {
                Pos next = p.copy();
                play(next, name(c) + ":pass");
                count += perft(next, depth - 1);
            }
            return count;
        }
        for (Pair<Move, GameState> m : moves) {
            GameState after = m.q;
            if (after.playerWon() != -1) count += 1; // a winning move is a leaf
            else count += perft(fromGameState(after, 1 - p.toMove), depth - 1);
        }
        return count;
    }

    /** One search's outcome. */
    static final class Found {
        Move move;
        int score, depth;
        long nodes;
    }

    /** The engine's search, as its AIPlayer runs it, counting the depths it completes. */
    static Found search(Pos p, int maxDepth, int movetimeMs) {
        int ttBits = TranspositionTable.getSuggestedSize(maxDepth, movetimeMs);
        Searcher searcher = new Searcher(new SearchParameters(ttBits, maxDepth, movetimeMs), Utils.NO_LOGGER, false);
        searcher.setState(p.toMove, p.boardString(), p.cardState());
        Found found = new Found();
        for (int depth = 1; ; ++depth) {
            Pair<Integer, Boolean> step = searcher.searchNextPly();
            boolean timedOut = step.p == 998; // Searcher's TIME_OUT_SCORE: the depth was not finished
            if (!timedOut) found.depth = depth;
            if (step.q) break;
        }
        found.move = searcher.getBestMove();
        found.score = found.move.score;
        found.nodes = found.move.nodesEvaluated;
        return found;
    }

    static int searches = 0;
    static long depthSum = 0, timeSumNs = 0;

    static void go(Pos p, List<String> args, PrintStream out) {
        if (p == null) throw new IllegalArgumentException("no position yet");
        if (new GameState(p.boardString(), p.cardState()).playerWon() != -1) throw new IllegalArgumentException("the game is over");
        if (args.size() != 2) throw new IllegalArgumentException("go needs one limit: movetime <ms> or depth <n>");
        int value;
        try {
            value = Integer.parseInt(args.get(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + args.get(1) + "' is not a number");
        }
        int maxDepth, movetime;
        switch (args.get(0)) {
            case "movetime": maxDepth = Searcher.MAX_NOMINAL_DEPTH; movetime = Math.max(1, value); break;
            case "depth": maxDepth = Math.max(1, Math.min(value, Searcher.MAX_NOMINAL_DEPTH)); movetime = Integer.MAX_VALUE; break;
            default: throw new IllegalArgumentException("unsupported limit '" + args.get(0) + "': use movetime or depth");
        }
        long started = System.nanoTime();
        String best;
        Found found;
        if (!engineMoves(p).isEmpty()) {
            found = search(p, maxDepth, movetime);
            best = moveText(found.move);
        } else {
            // No jump: choose the pass that leaves the opponent the lower score.
            found = null;
            best = null;
            int half = movetime == Integer.MAX_VALUE ? movetime : Math.max(1, movetime / 2);
            for (Card c : p.hands[p.toMove]) {
                Pos next = p.copy();
                play(next, name(c) + ":pass");
                Found theirs = engineMoves(next).isEmpty() ? null : search(next, maxDepth, half);
                int theirScore = theirs == null ? -Searcher.WIN_SCORE : theirs.score;
                if (found == null || theirScore < -found.score) {
                    found = new Found();
                    found.score = -theirScore;
                    found.depth = theirs == null ? 0 : theirs.depth + 1;
                    found.nodes = theirs == null ? 0 : theirs.nodes;
                    best = name(c) + ":pass";
                }
            }
        }
        timeSumNs += System.nanoTime() - started;
        depthSum += found.depth;
        ++searches;
        out.println("info depth " + found.depth + " score " + found.score + " nodes " + found.nodes);
        out.println("bestmove " + best);
    }

    public static void main(String[] argv) throws Exception {
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        int warmupMs = Integer.getInteger("bridge.warmupMs", 500);
        if (warmupMs > 0) {
            List<String> start = List.of("bbBbb/5/5/5/rrRrr", "crab,dragon", "monkey,tiger", "mantis", "r");
            search(parsePosition(start), Searcher.MAX_NOMINAL_DEPTH, warmupMs);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        Pos current = null;
        for (String line; (line = in.readLine()) != null; ) {
            List<String> words = new ArrayList<>();
            for (String w : line.trim().split("\\s+")) if (!w.isEmpty()) words.add(w);
            if (words.isEmpty()) continue;
            try {
                switch (words.get(0)) {
                    case "quit":
                        summary();
                        return;
                    case "newgame":
                        current = null;
                        break;
                    case "position": {
                        int split = words.indexOf("moves");
                        if (split < 0) split = words.size();
                        Pos p = parsePosition(words.subList(1, split));
                        for (int i = split + 1; i < words.size(); ++i) play(p, words.get(i));
                        current = p;
                        break;
                    }
                    case "go":
                        go(current, words.subList(1, words.size()), out);
                        break;
                    case "legal":
                        out.println("legal " + String.join(" ", legal(parsePosition(words.subList(1, words.size())))));
                        break;
                    case "perft":
                        out.println("perft " + perft(parsePosition(words.subList(2, words.size())), Integer.parseInt(words.get(1))));
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command '" + words.get(0) + "'");
                }
            } catch (RuntimeException e) {
                out.println("error " + e.getMessage());
            }
            out.flush();
        }
        summary();
    }

    static void summary() {
        if (searches > 0) {
            System.err.printf("java engine: %d searches, mean depth %.2f, mean time %.1f ms%n",
                searches, (double) depthSum / searches, timeSumNs / 1e6 / searches);
        }
    }
}
